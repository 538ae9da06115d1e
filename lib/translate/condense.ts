import { log } from '@/lib/log'
import { glossaryBudget, glossaryForBatch } from './batch-glossary'
import { abortableSleep, pauseProvider, providerAnswered, waitForProvider, type Sleep } from './pause'
import { mapWithConcurrency } from './pool'
import { ProviderError, type CondenseLine, type GlossaryTerm, type TranslateProvider } from './providers/types'
import { estimateTokens, planBatches } from './tokens'

// Translations too long for their cue are sent once more, all of a task's in one request (more only
// past the provider's condense budget), asking for a shorter version within a character count. It
// improves a translation that already stands: its failure never fails the translation.

export type CondenseOptions = {
  provider: TranslateProvider
  lines: readonly CondenseLine[]
  glossary?: readonly GlossaryTerm[]
  sourceLanguage?: string
  targetLanguage: string
  retry?: Partial<{ attempts: number; delayMs: number }>
  concurrency?: number
  sleep?: Sleep
  signal?: AbortSignal
  /** Called after each request with its lines and the answer (id → shorter text), or null when it failed; calls never overlap. */
  onBatchDone: (lines: CondenseLine[], answer: Map<number, string> | null) => Promise<void> | void
}

// A request of hundreds of ids invites a misaligned answer, whatever the budget allows.
const MAX_CONDENSE_LINES = 200
// A rate limit asking for longer than this (a daily quota) ends the request, as it ends a translation.
const GIVE_UP_RATE_WAIT_MS = 5 * 60_000

/** Tokens a line adds to a condense request: its source, its translation and the JSON around them. */
const lineTokens = (line: CondenseLine) => estimateTokens(line.text) + estimateTokens(line.translation) + 10

/**
 * Asks the provider to shorten `lines`. Rules: one request for all of them unless their tokens pass
 * the provider's `condenseTokens` (or 200 lines), then the fewest even batches within it, at most
 * `concurrency` at once; each request carries the glossary entries its lines use. A failure is
 * retried up to `retry.attempts` times, a wrong answer included (never split: the translations
 * stand either way); a 429 pauses the provider as a translation's does; a refusal or fatal error
 * ends that request at once. A request that fails is reported with a null answer. The caller's
 * abort and errors that are not the provider's are thrown. A provider that cannot shorten gets no
 * request: every batch is reported null.
 */
export async function condenseTranslations({
  provider,
  lines,
  glossary = [],
  sourceLanguage,
  targetLanguage,
  retry = {},
  concurrency = 4,
  sleep = abortableSleep,
  signal,
  onBatchDone,
}: CondenseOptions): Promise<void> {
  const budget = provider.condenseTokens ?? provider.batchTokens
  const batches = planBatches(lines, lineTokens, { budget, maxItems: MAX_CONDENSE_LINES })
  let reported: Promise<void> = Promise.resolve()
  const report = (batch: CondenseLine[], answer: Map<number, string> | null) => (reported = reported.then(() => onBatchDone(batch, answer)))
  await mapWithConcurrency(batches, concurrency, async (batch) => {
    const answer = await condenseBatch(batch)
    await report(batch, answer)
  })
  await reported

  async function condenseBatch(batch: CondenseLine[]): Promise<Map<number, string> | null> {
    if (!provider.condenseBatch) return null
    const sent = batch.map((line) => ({ id: line.id, text: line.text }))
    const entries = glossaryForBatch(glossary, sent, glossaryBudget(budget))
    const { attempts = 3, delayMs = 1000 } = retry
    for (let attempt = 0; ; attempt++) {
      await waitForProvider(provider.limitKey, sleep, signal)
      try {
        const answer = await provider.condenseBatch({ lines: batch, glossary: entries, sourceLanguage, targetLanguage, signal })
        providerAnswered(provider.limitKey)
        return answer
      } catch (error) {
        if (!(error instanceof ProviderError) || signal?.aborted) throw error
        const isFinal = error.kind === 'fatal' || error.kind === 'refused' || attempt >= attempts || (error.kind === 'rate_limited' && (error.retryAfterMs ?? 0) > GIVE_UP_RATE_WAIT_MS)
        if (isFinal) {
          log.warn('translate.condense_failed', { provider: provider.name, cues: batch.length, kind: error.kind, error: error.message })
          return null
        }
        if (error.kind === 'rate_limited') pauseProvider(provider.limitKey, error.retryAfterMs)
        else await sleep(delayMs, signal)
      }
    }
  }
}
