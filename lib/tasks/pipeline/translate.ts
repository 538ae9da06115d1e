import 'server-only'
import type { Task } from '@prisma/client'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { recallTranslations } from '@/lib/memory'
import { ProviderError, reviewCues, translateCues, type CueToTranslate, type GlossaryTerm, type TranslatedCue, type TranslateProvider } from '@/lib/translate'
import { fallbacksFor, providerFor } from '@/lib/translate/service'
import { saveTranslations } from '../segment-rows'
import { speakerLineLabel } from '../speakers'
import { taskSourceLanguage } from '../source-language'
import { markReviewIncomplete } from './review'
import type { PipelineOptions, Stage, StageEnd, TaskRun } from './stage'

// The translate stage, and the one way a task's lines reach a translation provider (`taskTranslator`):
// the stage over the whole task, the streamed transcription's chunks (chunk-cues.ts) and the
// editor's "translate again" (../retranslate.ts) all go through it.

/** What a translator needs of its task. */
export type TranslatorTask = Pick<Task, 'userId' | 'translationService' | 'targetLanguage' | 'batchSize' | 'review'>

export type TranslateRequest = {
  /** The cues in file order; those with a translation go as context only. */
  cues: CueToTranslate[]
  sourceLanguage: string
  onBatchDone?: (batch: TranslatedCue[]) => Promise<void> | void
  /** The user's glossary for the languages goes with the batches (default); the editor's "translate again" sends none. */
  glossary?: boolean
  /** The review pass on each batch (default: as the task chose). */
  review?: boolean
  contextSize?: number
  /** Identical lines answered once (default on). */
  memory?: boolean
  /** Requests in flight at once (default: the run's, else TRANSLATION_CONCURRENCY). */
  concurrency?: number
}

export type Translator = ReturnType<typeof taskTranslator>

/**
 * The task's service set up once: its provider and fallbacks (lib/translate/service.ts; an
 * injected provider has none unless given), resolved on first use, and the user's glossary for
 * each source language, read once. `translate` runs the engine (lib/translate translateCues) with
 * the task's target language, batch size and review pass; `reviewLines` shows lines translated
 * elsewhere (the memory's) to the review pass.
 */
export function taskTranslator(task: TranslatorTask, options: Pick<PipelineOptions, 'provider' | 'fallbacks' | 'concurrency' | 'retry' | 'signal'> = {}) {
  let chain: { provider: TranslateProvider; fallbacks: TranslateProvider[] } | null = null
  const glossaries = new Map<string, Promise<GlossaryTerm[]>>()
  const resolve = () =>
    (chain ??= {
      provider: (options.provider ?? providerFor)(task.translationService),
      fallbacks: (options.fallbacks ?? (options.provider ? () => [] : fallbacksFor))(task.translationService),
    })
  const concurrency = () => options.concurrency ?? env().TRANSLATION_CONCURRENCY
  const glossary = (sourceLanguage: string) => {
    let terms = glossaries.get(sourceLanguage)
    if (!terms) {
      glossaries.set(sourceLanguage, (terms = glossaryTermsFor({ userId: task.userId, targetLanguage: task.targetLanguage, sourceLanguage })))
      // A read that failed is not kept: the next call reads again.
      terms.catch(() => glossaries.delete(sourceLanguage))
    }
    return terms
  }
  return {
    /** The provider of the task's service (throws when the service has none). */
    provider: () => resolve().provider,
    glossary,
    retry: options.retry,
    signal: options.signal,
    async translate(request: TranslateRequest): Promise<Map<number, string>> {
      const { provider, fallbacks } = resolve()
      return translateCues({
        provider,
        fallbacks,
        cues: request.cues,
        glossary: request.glossary === false ? undefined : await glossary(request.sourceLanguage),
        review: request.review ?? task.review,
        sourceLanguage: request.sourceLanguage,
        targetLanguage: task.targetLanguage,
        batchSize: task.batchSize ?? undefined,
        concurrency: request.concurrency ?? concurrency(),
        contextSize: request.contextSize,
        memory: request.memory,
        retry: options.retry,
        signal: options.signal,
        onBatchDone: request.onBatchDone,
      })
    },
    async reviewLines(request: { lines: { id: number; text: string; translatedText?: string | null }[]; review: { id: number; translation: string; translatedBy: TranslatedCue['translatedBy'] }[]; sourceLanguage: string; onBatchDone: (batch: TranslatedCue[]) => Promise<void> }): Promise<void> {
      await reviewCues({
        provider: resolve().provider,
        lines: request.lines,
        review: request.review,
        glossary: await glossary(request.sourceLanguage),
        sourceLanguage: request.sourceLanguage,
        targetLanguage: task.targetLanguage,
        retry: options.retry,
        concurrency: concurrency(),
        signal: options.signal,
        onBatchDone: request.onBatchDone,
      })
    },
  }
}

/** The task vanished under the worker (deleted by its owner): stop without failing the job. */
class TaskGoneError extends Error {}

/**
 * Translates (or resumes translating) a task's cues and reports its progress. Rules: cues already
 * translated are kept, so a task whose worker died (or a failed task retried) resumes where it
 * stopped, and a pass run again (the runner's resume passes) repeats only what is missing; the
 * user's glossary for the task's languages goes with the batches; lines the user's translation
 * memory holds are taken from it (`memory`) unless the task leaves it out; cues the service
 * cannot translate go to its fallback (lib/translate/service.ts fallbacksFor); with the review
 * pass each batch is shown to the provider again and its corrections kept beside the first
 * translation (./review.ts: a batch it could not review marks the task `reviewIncomplete`), and
 * the memory's lines are reviewed before they are kept; each batch's translations and an
 * only-increasing progress are written as the batch finishes. A provider that gives up is handed to
 * the runner (`gaveUp`: passes again unless fatal), the translated cues kept; unexpected errors
 * (database, bugs) are thrown so the queue runs the task again.
 */
export const translate: Stage = {
  name: 'translate',
  async run(run: TaskRun, task: Task): Promise<StageEnd> {
    const translator = run.translator(task)
    try {
      translator.provider()
    } catch (error) {
      return { failed: error }
    }
    const rows = await db.segment.findMany({ where: { taskId: task.id }, orderBy: { index: 'asc' }, select: { index: true, originalText: true, translatedText: true, speakers: true } })
    const speakerOf = speakerLineLabel(task.speakerNames)
    const cues: CueToTranslate[] = rows.map((r) => ({ id: r.index, text: r.originalText, translatedText: r.translatedText, ...speakerOf(r.speakers) }))
    const byId = new Map(cues.map((c) => [c.id, c]))
    let done = rows.filter((r) => r.translatedText !== null).length

    const onBatchDone = async (batch: TranslatedCue[]) => {
      const updated = await saveTranslations(db, task.id, batch)
      if (updated < batch.length) throw new TaskGoneError(`task ${task.id} is gone`)
      await markReviewIncomplete(db, task.id, batch)
      for (const item of batch) {
        const cue = byId.get(item.id)
        if (cue && (cue.translatedText === null || cue.translatedText === undefined)) done += 1
        if (cue) cue.translatedText = item.translatedText
      }
      await run.progress('translate', done, rows.length)
    }

    try {
      if (task.useMemory) await reuseMemory(task, cues, onBatchDone, translator)
      await translator.translate({ cues, sourceLanguage: task.originalLanguage, onBatchDone })
      return 'next'
    } catch (error) {
      if (error instanceof TaskGoneError || !(await db.task.findUnique({ where: { id: task.id }, select: { id: true } }))) return 'deleted'
      if (run.options.signal?.aborted || !(error instanceof ProviderError)) throw error
      return { gaveUp: error, retryable: error.kind !== 'fatal' }
    }
  },
}

/**
 * Fills the untranslated cues the owner's memory holds (same normalised source, same languages).
 * With the task's review pass, those lines are reviewed first (lib/translate/review-cues.ts): a
 * line the review could not check is saved `failed`, which refunds the review at completion.
 */
async function reuseMemory(task: Task, cues: CueToTranslate[], onBatchDone: (batch: TranslatedCue[]) => Promise<void>, translator: Translator): Promise<void> {
  const open = cues.filter((c) => (c.translatedText === null || c.translatedText === undefined) && c.text.trim() !== '')
  if (open.length === 0) return
  const known = await recallTranslations({ userId: task.userId, sourceLanguage: taskSourceLanguage(task), targetLanguage: task.targetLanguage, texts: open.map((c) => c.text) })
  const reused: TranslatedCue[] = []
  for (const cue of open) {
    const translation = known.get(cue.text)
    if (translation !== undefined) reused.push({ id: cue.id, translatedText: translation, translatedBy: 'memory' })
  }
  if (task.review && reused.length > 0) {
    const translations = new Map(reused.map((r) => [r.id, r.translatedText]))
    await translator.reviewLines({
      lines: cues.map((c) => ({ id: c.id, text: c.text, translatedText: c.translatedText ?? translations.get(c.id) })),
      review: reused.map((r) => ({ id: r.id, translation: r.translatedText, translatedBy: r.translatedBy })),
      sourceLanguage: task.originalLanguage,
      onBatchDone,
    })
    return
  }
  // In slices, so a long file's first write is not one huge statement.
  for (let i = 0; i < reused.length; i += 500) await onBatchDone(reused.slice(i, i + 500))
}
