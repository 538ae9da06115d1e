import { eachWithConcurrency } from '@/lib/pool'
import { glossaryBudget, glossaryForBatch } from './batch-glossary'
import type { TranslatedCue } from './engine'
import type { ContextLine, TranslationPassOptions } from './providers/types'
import { reviewTranslations } from './review'
import { estimateTokens, planBatches } from './tokens'

// The review pass over lines that were not translated in this run (lines taken from the creator's
// translation memory): the review was paid for the whole file, so those lines are reviewed too.

/** A line of the file: its source and, when it has one, its translation (context for its neighbours). */
export type ReviewedFileLine = { id: number; text: string; translatedText?: string | null }

/** `concurrency`: batches reviewed at once (default 1); each batch's context is the lines as they came, so batches do not wait on each other. */
export type ReviewCuesOptions = TranslationPassOptions & {
  /** Every line of the file, in order: the lines around a batch go with it as context. */
  lines: readonly ReviewedFileLine[]
  /** The lines to review, each with the translation it has and who made it. */
  review: readonly { id: number; translation: string; translatedBy: TranslatedCue['translatedBy'] }[]
  /** Called after each batch with its outcomes; calls never overlap. */
  onBatchDone: (done: TranslatedCue[]) => Promise<void> | void
}

const CONTEXT_SIZE = 3

/**
 * Reviews lines that already carry a translation, `concurrency` batches at once, and reports each one with
 * its review outcome: `corrected` (the reviewer's text, the reviewer as its maker, the first
 * translation kept), `unchanged`, or `failed` when the provider could not review the batch (the
 * translation stands; the caller refunds the review). Batches are sized by the provider's budget,
 * with three lines on each side as context and the glossary entries their lines contain.
 */
export async function reviewCues({ provider, lines, review, glossary = [], sourceLanguage, targetLanguage, retry, concurrency = 1, sleep, signal, onBatchDone }: ReviewCuesOptions): Promise<void> {
  const position = new Map(lines.map((line, index) => [line.id, index]))
  const items = review.filter((item) => position.has(item.id))
  const batches = planBatches(items, (item) => estimateTokens(lines[position.get(item.id)!].text) + estimateTokens(item.translation) + 8, {
    budget: provider.batchTokens,
    maxItems: provider.maxBatch,
  })
  const side = (from: number, step: 1 | -1): ContextLine[] => {
    const out: ContextLine[] = []
    for (let i = from; i >= 0 && i < lines.length && out.length < CONTEXT_SIZE; i += step) {
      const line = lines[i]
      if (line.text.trim() === '') continue
      out.push(step === -1 && line.translatedText ? { id: line.id, text: line.text, translation: line.translatedText } : { id: line.id, text: line.text })
    }
    return step === -1 ? out.reverse() : out
  }
  // Outcomes are reported one batch at a time, as the answers come.
  const reviewBatch = async (batch: (typeof batches)[number]): Promise<TranslatedCue[]> => {
    const sent = batch.map((item) => ({ id: item.id, text: lines[position.get(item.id)!].text, translation: item.translation }))
    const corrections = await reviewTranslations({
      provider,
      lines: sent,
      context: { before: side(position.get(batch[0].id)! - 1, -1), after: side(position.get(batch[batch.length - 1].id)! + 1, 1) },
      glossary: glossaryForBatch(glossary, sent, glossaryBudget(provider.batchTokens)),
      sourceLanguage,
      targetLanguage,
      retry,
      sleep,
      signal,
    })
    return batch.map((item): TranslatedCue => {
      const corrected = corrections?.get(item.id)
      if (corrections === null) return { id: item.id, translatedText: item.translation, translatedBy: item.translatedBy, review: 'failed' }
      if (corrected === undefined) return { id: item.id, translatedText: item.translation, translatedBy: item.translatedBy, review: 'unchanged' }
      return { id: item.id, translatedText: corrected, translatedBy: provider.name, review: 'corrected', firstTranslation: item.translation }
    })
  }
  await eachWithConcurrency(batches, concurrency, reviewBatch, (_, outcomes) => onBatchDone(outcomes))
}
