import { log } from '@/lib/log'
import { callProvider, eachWithConcurrency } from '@/lib/provider-calls'
import { glossaryBudget, glossaryForBatch } from './batch-glossary'
import { ProviderError, type CondenseLine, type TranslationPassOptions } from './providers/types'
import { translationFailure } from './review'
import { estimateTokens, planBatches } from './tokens'

// Translations too long for their cue are sent once more, all of a task's in one request (more only
// past the provider's condense budget), asking for a shorter version within a character count. It
// improves a translation that already stands: its failure never fails the translation.

export type CondenseOptions = TranslationPassOptions & {
  lines: readonly CondenseLine[]
  /** Called after each request with its lines and the answer (id → shorter text), or null when it failed; calls never overlap. */
  onBatchDone: (lines: CondenseLine[], answer: Map<number, string> | null) => Promise<void> | void
}

// A request of hundreds of ids invites a misaligned answer, whatever the budget allows.
const MAX_CONDENSE_LINES = 200

/** Tokens a line adds to a condense request: its source, its translation and the JSON around them. */
const lineTokens = (line: CondenseLine) => estimateTokens(line.text) + estimateTokens(line.translation) + 10

/**
 * Asks the provider to shorten `lines`. Rules: one request for all of them unless their tokens pass
 * the provider's `condenseTokens` (or 200 lines), then the fewest even batches within it, at most
 * `concurrency` at once; each request carries the glossary entries its lines use. A provider's
 * failure is retried as any provider call (lib/provider-calls), a wrong answer included (never
 * split: the translations stand either way). A request that fails is reported with a null answer. The caller's
 * abort and errors that are not the provider's are thrown. A provider that cannot shorten gets no
 * request: every batch is reported null.
 */
export async function condenseTranslations({
  provider,
  lines,
  glossary = [],
  sourceLanguage,
  targetLanguage,
  retry,
  concurrency = 4,
  sleep,
  signal,
  onBatchDone,
}: CondenseOptions): Promise<void> {
  const budget = provider.condenseTokens ?? provider.batchTokens
  const batches = planBatches(lines, lineTokens, { budget, maxItems: MAX_CONDENSE_LINES })
  await eachWithConcurrency(batches, concurrency, condenseBatch, onBatchDone)

  async function condenseBatch(batch: CondenseLine[]): Promise<Map<number, string> | null> {
    const condense = provider.condenseBatch?.bind(provider)
    if (!condense) return null
    const sent = batch.map((line) => ({ id: line.id, text: line.text }))
    const entries = glossaryForBatch(glossary, sent, glossaryBudget(budget))
    try {
      const call = () => condense({ lines: batch, glossary: entries, sourceLanguage, targetLanguage, signal })
      return await callProvider({ limitKey: provider.limitKey, call, failureOf: translationFailure, retry, sleep, signal })
    } catch (error) {
      if (!(error instanceof ProviderError) || signal?.aborted) throw error
      log.warn('translate.condense_failed', { provider: provider.name, cues: batch.length, kind: error.kind, error: error.message })
      return null
    }
  }
}
