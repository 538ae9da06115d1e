import 'server-only'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import { timeStage } from '@/lib/metrics'
import type { StorageDriver } from '@/lib/storage'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { recallTranslations } from '@/lib/memory'
import { abortableSleep } from '@/lib/provider-calls'
import { ProviderError, reviewCues, translateCues, type CueToTranslate, type GlossaryTerm, type RetryPolicy, type TranslatedCue, type TranslateProvider } from '@/lib/translate'
import { fallbacksFor, providerFor } from '@/lib/translate/service'
import { completeTask } from './complete'
import { failTask } from './fail'
import { fitTranslations } from './fit-translations'
import { speakerLineLabel } from './speakers'
import { saveTranslations } from './segment-rows'
import { taskSourceLanguage } from './source-language'

export type PipelineOptions = {
  /** Builds the provider of a task's service (tests inject one; default: from the environment). */
  provider?: (service: string) => TranslateProvider
  /** The providers that take over cues the first cannot translate (default: from the environment, none with an injected provider). */
  fallbacks?: (service: string) => TranslateProvider[]
  storage?: StorageDriver
  concurrency?: number
  /** Per-request retries of the engine (3 retries, 1000 ms apart). */
  retry?: Partial<RetryPolicy>
  /**
   * Extra passes over the cues still untranslated after a pass gave up on a retryable error; what
   * was translated is kept, so a pass only repeats the failed batches.
   */
  resumePasses?: number
  resumeDelayMs?: number
  /**
   * Lines too long for their cue shortened once or flagged after translation (default on; tests of
   * other stages turn it off, since the fake's "[ja] <English>" lines would all be shortened).
   */
  fit?: boolean
  signal?: AbortSignal
}

export type PipelineOutcome = 'completed' | 'failed' | 'skipped' | 'deleted'

/** The task vanished under the worker (deleted by its owner): stop without failing the job. */
class TaskGoneError extends Error {}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * Starts (or resumes) the translation of one task, reports its progress and completes or fails it.
 * Rules: cues already translated are kept, so a task whose worker died (or a failed task retried)
 * resumes where it stopped; the user's glossary for the task's languages goes with the batches;
 * lines the user's translation memory holds are taken from it (`memory`) unless the task leaves it
 * out; cues the service cannot translate go to its fallback (lib/translate/service.ts fallbacksFor);
 * with the review pass each batch is shown to the provider again and its corrections kept beside
 * the first translation (a batch it could not review marks the task `reviewIncomplete`);
 * each batch's translations and an only-increasing progress are written as the batch finishes;
 * lines too long for their cue are then shortened once or flagged (./fit-translations.ts);
 * then `completeTask` captures and stores (or fails a task left with an untranslated cue). Only when every provider fails is the task failed (its
 * translated cues kept) and its points released. Unexpected errors (database, bugs) are thrown so
 * the queue runs the task again.
 */
export async function runTranslationTask({ taskId, ...options }: { taskId: string } & PipelineOptions): Promise<PipelineOutcome> {
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task || task.status !== 'translating') return 'skipped'
  const startedAt = task.translationStartTime ?? new Date()
  await db.task.update({ where: { id: taskId }, data: { runs: { increment: 1 }, translationStartTime: startedAt } })

  let provider: TranslateProvider
  let fallbacks: TranslateProvider[]
  try {
    provider = (options.provider ?? providerFor)(task.translationService)
    fallbacks = (options.fallbacks ?? (options.provider ? () => [] : fallbacksFor))(task.translationService)
  } catch (error) {
    await failTask({ taskId, error: message(error) })
    return 'failed'
  }

  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { index: true, originalText: true, translatedText: true, speakers: true } })
  const speakerOf = speakerLineLabel(task.speakerNames)
  const cues: CueToTranslate[] = rows.map((r) => ({ id: r.index, text: r.originalText, translatedText: r.translatedText, ...speakerOf(r.speakers) }))
  const byId = new Map(cues.map((c) => [c.id, c]))
  let done = rows.filter((r) => r.translatedText !== null).length
  const total = Math.max(1, rows.length)

  const glossary = await glossaryTermsFor({ userId: task.userId, targetLanguage: task.targetLanguage, sourceLanguage: task.originalLanguage })

  const onBatchDone = async (batch: TranslatedCue[]) => {
    const updated = await saveTranslations(db, taskId, batch)
    if (updated < batch.length) throw new TaskGoneError(`task ${taskId} is gone`)
    // A batch the review pass could not review: the task's review price is refunded at completion.
    if (batch.some((item) => item.review === 'failed')) await db.task.updateMany({ where: { id: taskId, reviewIncomplete: false }, data: { reviewIncomplete: true } })
    for (const item of batch) {
      const cue = byId.get(item.id)
      if (cue && (cue.translatedText === null || cue.translatedText === undefined)) done += 1
      if (cue) cue.translatedText = item.translatedText
    }
    // 100 is kept for completion, so a task never shows 100% while it is still translating.
    const progress = Math.min(99, Math.floor((done * 100) / total))
    await db.$executeRaw`UPDATE "Task" SET "progress" = GREATEST("progress", ${progress}) WHERE "id" = ${taskId} AND "status" = 'translating'`
  }

  // Lines the user's translation memory holds are taken from it, without asking a provider; with
  // the review pass they are reviewed before they are kept, as the file's other lines are.
  const reviewer = task.review ? { provider, glossary, retry: options.retry, concurrency: options.concurrency ?? env().TRANSLATION_CONCURRENCY, signal: options.signal } : null
  if (task.useMemory) await reuseMemory(task, cues, onBatchDone, reviewer)

  const e = env()
  const passes = options.resumePasses ?? 3
  for (let pass = 0; ; pass++) {
    try {
      await translateCues({
        provider,
        fallbacks,
        cues,
        glossary,
        review: task.review,
        sourceLanguage: task.originalLanguage,
        targetLanguage: task.targetLanguage,
        batchSize: task.batchSize ?? undefined,
        concurrency: options.concurrency ?? e.TRANSLATION_CONCURRENCY,
        retry: options.retry,
        signal: options.signal,
        onBatchDone,
      })
      break
    } catch (error) {
      if (error instanceof TaskGoneError || !(await db.task.findUnique({ where: { id: taskId }, select: { id: true } }))) return 'deleted'
      if (options.signal?.aborted) throw error
      if (!(error instanceof ProviderError)) throw error
      if (error.kind !== 'fatal' && pass < passes) {
        log.warn('tasks.translate_pass_failed', { taskId, pass, error })
        await abortableSleep(options.resumeDelayMs ?? 2000, options.signal)
        continue
      }
      log.warn('tasks.translate_failed', { taskId, error })
      await failTask({ taskId, error: message(error) })
      return 'failed'
    }
  }
  // Lines too long for their cue are shortened once (DeepSeek) or flagged; never a reason to fail.
  if (options.fit !== false) {
    const fit = () => fitTranslations({ taskId, provider, sourceLanguage: task.originalLanguage, targetLanguage: task.targetLanguage, glossary, speakerNames: task.speakerNames, retry: options.retry, signal: options.signal })
    await timeStage('fitting', fit, (outcome) => (outcome.sent > 0 ? 'shortened' : 'checked'))
  }
  return completeTask({ taskId, startedAt, storage: options.storage })
}

type MemoryReviewer = { provider: TranslateProvider; glossary: GlossaryTerm[]; retry?: Partial<RetryPolicy>; concurrency: number; signal?: AbortSignal }

/**
 * Fills the untranslated cues the owner's memory holds (same normalised source, same languages).
 * With a reviewer (the task's review pass), those lines are reviewed first (lib/translate/review-cues.ts):
 * a line the review could not check is saved `failed`, which refunds the review at completion.
 */
async function reuseMemory(
  task: { userId: string; originalLanguage: string; detectedLanguage: string; targetLanguage: string },
  cues: CueToTranslate[],
  onBatchDone: (batch: TranslatedCue[]) => Promise<void>,
  reviewer: MemoryReviewer | null,
): Promise<void> {
  const open = cues.filter((c) => (c.translatedText === null || c.translatedText === undefined) && c.text.trim() !== '')
  if (open.length === 0) return
  const known = await recallTranslations({ userId: task.userId, sourceLanguage: taskSourceLanguage(task), targetLanguage: task.targetLanguage, texts: open.map((c) => c.text) })
  const reused: TranslatedCue[] = []
  for (const cue of open) {
    const translation = known.get(cue.text)
    if (translation !== undefined) reused.push({ id: cue.id, translatedText: translation, translatedBy: 'memory' })
  }
  if (reviewer && reused.length > 0) {
    const translations = new Map(reused.map((r) => [r.id, r.translatedText]))
    await reviewCues({
      provider: reviewer.provider,
      lines: cues.map((c) => ({ id: c.id, text: c.text, translatedText: c.translatedText ?? translations.get(c.id) })),
      review: reused.map((r) => ({ id: r.id, translation: r.translatedText, translatedBy: r.translatedBy })),
      glossary: reviewer.glossary,
      sourceLanguage: task.originalLanguage,
      targetLanguage: task.targetLanguage,
      retry: reviewer.retry,
      concurrency: reviewer.concurrency,
      signal: reviewer.signal,
      onBatchDone,
    })
    return
  }
  // In slices, so a long file's first write is not one huge statement.
  for (let i = 0; i < reused.length; i += 500) await onBatchDone(reused.slice(i, i + 500))
}
