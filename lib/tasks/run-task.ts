import 'server-only'
import { db } from '@/lib/db'
import { timeStage } from '@/lib/metrics'
import { completeTask } from './complete'
import { runTranslationTask, type PipelineOptions, type PipelineOutcome } from './run-translation'
import { runTranscription, TRANSCRIBING, type TranscriptionOptions } from './transcription/run'

/**
 * Runs (or resumes) any task's job: a transcription is transcribed first, then, when a target
 * language was chosen, translated by the translation run like any task; a transcript alone is
 * completed at once (its points captured, its file stored). A recording without speech ends there
 * (`no_speech`, its points released). A transcription whose upload brought nothing new for a while
 * stops (`waiting`): the queue runs it again later, off the worker meanwhile.
 */
export async function runTask({ taskId, transcription = {}, ...pipeline }: { taskId: string; transcription?: Omit<TranscriptionOptions, 'signal'> } & PipelineOptions): Promise<PipelineOutcome | 'no_speech' | 'waiting'> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { kind: true, stage: true, withTranslation: true, status: true, translationStartTime: true } })
  if (!task) return 'skipped'
  if (task.kind !== 'transcription') return timeStage('translating', () => runTranslationTask({ taskId, ...pipeline }))
  if (task.stage === TRANSCRIBING) {
    const outcome = await timeStage('transcribing', () => runTranscription({ taskId, ...transcription, storage: transcription.storage ?? pipeline.storage, translation: { provider: pipeline.provider, fallbacks: pipeline.fallbacks, concurrency: pipeline.concurrency, retry: pipeline.retry }, signal: pipeline.signal }))
    if (outcome !== 'transcribed') return outcome
  }
  if (task.withTranslation) return timeStage('translating', () => runTranslationTask({ taskId, ...pipeline }))
  const fresh = await db.task.findUnique({ where: { id: taskId }, select: { status: true, translationStartTime: true } })
  if (fresh?.status !== 'translating') return 'skipped'
  await completeTask({ taskId, startedAt: fresh.translationStartTime ?? new Date(), storage: pipeline.storage })
  return 'completed'
}
