import { log } from '@/lib/log'
import { mapWithConcurrency } from './pool'
import { ProviderError, type GlossaryTerm } from './providers/types'
import { glossaryFor } from './engine'
import { createDeepSeekReviewer, type Reviewer } from './providers/deepseek-review'
import type { ProvidersConfig } from './providers'
import { providersConfig } from './service'

export type ReviewCue = { id: number; text: string; translation: string }
export type Correction = { id: number; firstVersion: string; translatedText: string }

/**
 * The review pass over translated cues, in batches of `reviewer.maxBatch` with three cues of
 * context on each side and the glossary entries the batch uses. Rules: only corrections that
 * change a line are answered; a batch whose review keeps failing after its retries is left as
 * translated (a review never fails a task) unless `isStrict`; the caller's abort stops everything.
 */
export async function reviewCues({
  reviewer,
  cues,
  glossary = [],
  targetLanguage,
  concurrency = 4,
  retry = { attempts: 2, delayMs: 1000 },
  signal,
  onBatchDone,
  isStrict = false,
}: {
  reviewer: Reviewer
  cues: readonly ReviewCue[]
  glossary?: readonly GlossaryTerm[]
  targetLanguage: string
  concurrency?: number
  retry?: { attempts: number; delayMs: number }
  signal?: AbortSignal
  onBatchDone?: (corrections: Correction[]) => Promise<void> | void
  /** Throw the provider's error instead of leaving the batch as translated (a review someone asked for). */
  isStrict?: boolean
}): Promise<Correction[]> {
  const batches: ReviewCue[][] = []
  for (let i = 0; i < cues.length; i += reviewer.maxBatch) batches.push(cues.slice(i, i + reviewer.maxBatch))
  const all: Correction[] = []
  let reported: Promise<void> = Promise.resolve()
  await mapWithConcurrency(batches, concurrency, async (batch, index) => {
    const first = index * reviewer.maxBatch
    const before = cues.slice(Math.max(0, first - 3), first).map((c) => ({ id: c.id, text: c.text, translation: c.translation }))
    const after = cues.slice(first + batch.length, first + batch.length + 3).map((c) => ({ id: c.id, text: c.text }))
    const lines = batch.map((c) => ({ id: c.id, text: c.text, translation: c.translation }))
    let answer: Map<number, string> | null = null
    for (let attempt = 0; answer === null; attempt++) {
      try {
        answer = await reviewer.reviewBatch({ lines, context: { before, after }, glossary: glossaryFor(glossary, lines), targetLanguage, signal })
      } catch (error) {
        if (signal?.aborted || !(error instanceof ProviderError)) throw error
        if (error.kind === 'fatal' || attempt >= retry.attempts) {
          if (isStrict) throw error
          log.warn('translate.review_skipped', { cues: batch.length, kind: error.kind, error: error.message })
          return
        }
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? retry.delayMs))
      }
    }
    const corrections = batch
      .filter((c) => answer.has(c.id) && answer.get(c.id) !== c.translation)
      .map((c) => ({ id: c.id, firstVersion: c.translation, translatedText: answer.get(c.id)! }))
    all.push(...corrections)
    if (onBatchDone && corrections.length > 0) {
      reported = reported.then(() => onBatchDone(corrections))
      await reported
    }
  })
  return all
}

/** The reviewer of a task's service: DeepSeek has one; other services are not reviewed (null). */
export function reviewerFor(service: string, config: ProvidersConfig = providersConfig()): Reviewer | null {
  return service === 'deepseek' ? createDeepSeekReviewer(config.deepseek) : null
}
