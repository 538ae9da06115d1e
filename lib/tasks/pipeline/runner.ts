import 'server-only'
import type { Task } from '@prisma/client'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { timeStage } from '@/lib/metrics'
import { abortableSleep } from '@/lib/provider-calls'
import { failTask } from '../fail'
import { complete } from './complete'
import { fit } from './fit'
import { errorMessage, transcribedProgress, TRANSCRIBING, type PipelineOptions, type PipelineOutcome, type Stage, type StageEnd, type TaskRun } from './stage'
import { transcribe } from './transcribe'
import { taskTranslator, translate, type Translator } from './translate'

// A task's job, its stages in the order its lines pass through them:
//
//   transcribe  a recording's sound to timed cues (a transcription still `transcribing`)
//   translate   the cues to the target language; the review pass goes over each batch as it is
//               translated (review.ts), and a streamed recording's chunks reach the same
//               translator while later chunks are transcribed
//   fit         lines too long for their cue shortened once or flagged
//   (dub)       where a dubbing stage plugs in: a module beside these with one entry (`Stage`),
//               due when the task's stored stage asks for it (`Task.stage`, as TRANSCRIBING does),
//               listed here between fit and complete; its reservation and settlement are its own,
//               its provider failures handed back as `gaveUp`/`failed` like the others'
//   complete    the reservation captured, the file stored
//
// The runner owns what lies between them: which stages a task still has (a resumed run starts at
// its stored stage), the run's bookkeeping (`translationStartTime`, `runs`), progress (one writer,
// each stage's share of the bar), passes run again after a provider gave up, and the billing
// hand-offs (a failure → failTask: the work done charged, the rest released; the last stage →
// completeTask: captured). Timed as the metric's phases: `transcribing`, then `translating` for
// the stages after it.

/**
 * Runs (or resumes) a task's job: a transcription still transcribing is transcribed first, then,
 * when a target language was chosen (or for a subtitle file), translated, fitted and completed; a
 * transcript alone is completed at once (its points captured, its file stored). A recording
 * without speech ends there (`no_speech`, its points released). A transcription whose upload
 * brought nothing new for a while stops (`waiting`): the queue runs it again later, off the worker
 * meanwhile. A task that is no longer running is `skipped`.
 */
export async function runTask({ taskId, ...options }: { taskId: string } & PipelineOptions): Promise<PipelineOutcome> {
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task) return 'skipped'
  const run = newRun(taskId, task, options)
  if (task.kind === 'transcription' && task.stage === TRANSCRIBING) {
    const end = await timeStage(
      'transcribing',
      async () => {
        if (task.status !== 'translating') return 'skipped'
        const started = await db.task.update({ where: { id: taskId }, data: { translationStartTime: task.translationStartTime ?? new Date() } })
        return attempt(run, transcribe, started)
      },
      (end) => (end === 'next' ? 'transcribed' : end),
    )
    if (end !== 'next') return end
  }
  const translates = task.kind !== 'transcription' || task.withTranslation
  const rest = async (): Promise<PipelineOutcome> => {
    // The task as the stages before left it (its language heard, its cues stored).
    const current = await db.task.findUnique({ where: { id: taskId } })
    if (!current || current.status !== 'translating') return 'skipped'
    if (!translates) return finish(run, [complete], current)
    const started = await db.task.update({ where: { id: taskId }, data: { runs: { increment: 1 }, translationStartTime: current.translationStartTime ?? new Date() } })
    return finish(run, options.fit === false ? [translate, complete] : [translate, fit, complete], started)
  }
  return translates ? timeStage('translating', rest) : rest()
}

/** Runs `stages` in order on `task`; the last one's end is the run's. */
async function finish(run: TaskRun, stages: readonly Stage[], task: Task): Promise<PipelineOutcome> {
  for (const stage of stages) {
    const end = await attempt(run, stage, task)
    if (end !== 'next') return end
  }
  return 'completed'
}

/**
 * Runs one stage and hands over how it failed: a provider that gave up on a retryable error runs
 * the stage again after `resumeDelayMs` (what it saved is kept, so a pass repeats only what is
 * missing), up to `resumePasses` more times; then, or at once for any other failure, the task is
 * failed (failTask: the work done charged, the rest released).
 */
async function attempt(run: TaskRun, stage: Stage, task: Task): Promise<'next' | PipelineOutcome> {
  const passes = run.options.resumePasses ?? 3
  for (let pass = 0; ; pass++) {
    const end: StageEnd = await stage.run(run, task)
    if (typeof end === 'string') return end
    if ('gaveUp' in end) {
      if (end.retryable && pass < passes) {
        log.warn(`tasks.${stage.name}_pass_failed`, { taskId: run.taskId, pass, error: end.gaveUp })
        await abortableSleep(run.options.resumeDelayMs ?? 2000, run.options.signal)
        continue
      }
      log.warn(`tasks.${stage.name}_failed`, { taskId: run.taskId, error: end.gaveUp })
    }
    await failTask({ taskId: run.taskId, error: errorMessage('gaveUp' in end ? end.gaveUp : end.failed) })
    return 'failed'
  }
}

/** A run's context: its options, its one translator (made on first use) and the one progress writer. */
function newRun(taskId: string, task: Task, options: PipelineOptions): TaskRun {
  let translator: Translator | null = null
  // Each stage's share of the bar: 100 is kept for completion, so a task never shows 100% while it runs.
  const percent = { transcribe: transcribedProgress(task.withTranslation), translate: 100 } as const
  return {
    taskId,
    options,
    translator: (of) => (translator ??= taskTranslator(of, options)),
    progress: (stage, done, total) => {
      const progress = Math.min(99, Math.floor((done * percent[stage]) / Math.max(1, total)))
      return db.$executeRaw`UPDATE "Task" SET "progress" = GREATEST("progress", ${progress}) WHERE "id" = ${taskId} AND "status" = 'translating'`
    },
  }
}
