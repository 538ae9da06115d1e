import { log } from '@/lib/log'
import { eachWithConcurrency } from '@/lib/pool'
import { callProvider } from '@/lib/provider-calls'
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

/** A line sent once for all its copies (same speaker, source and translation), within the tightest of their limits. */
type DistinctLine = { sent: CondenseLine; copies: CondenseLine[] }

function distinctLines(lines: readonly CondenseLine[]): DistinctLine[] {
  const byKey = new Map<string, DistinctLine>()
  for (const line of lines) {
    const key = JSON.stringify([line.speaker ?? '', line.text, line.translation])
    const known = byKey.get(key)
    if (!known) byKey.set(key, { sent: line, copies: [line] })
    else {
      known.copies.push(line)
      if (line.maxChars < known.sent.maxChars) known.sent = { ...known.sent, maxChars: line.maxChars }
    }
  }
  return [...byKey.values()]
}

/**
 * Asks the provider to shorten `lines`. Rules: identical lines (same speaker, source and
 * translation) are sent once, asked for the tightest limit among them, and every copy is reported
 * with that one answer, so copies stay alike and cost no tokens of their own; one request for all unless their tokens pass
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
  const distinct = distinctLines(lines)
  const batches = planBatches(distinct, (line) => lineTokens(line.sent), { budget, maxItems: MAX_CONDENSE_LINES })
  await eachWithConcurrency(batches, concurrency, condenseDistinct, (batch, answer) => onBatchDone(batch.flatMap((line) => line.copies), answer))

  /** The answer to one request, given to every copy of each line sent. */
  async function condenseDistinct(batch: DistinctLine[]): Promise<Map<number, string> | null> {
    const answer = await condenseBatch(batch.map((line) => line.sent))
    if (!answer) return null
    const forCopies = new Map<number, string>()
    for (const { sent, copies } of batch) {
      const text = answer.get(sent.id)
      if (text !== undefined) for (const copy of copies) forCopies.set(copy.id, text)
    }
    return forCopies
  }

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
