import { log } from '@/lib/log'
import { callProvider, type RetryPolicy, type Sleep } from '@/lib/provider-calls'
import { ProviderError, type ReviewBatchInput, type TranslateProvider } from './providers/types'

// The review pass: a second request shows the model a translated batch (source, translation,
// glossary, context) and takes back only the lines it would correct. It improves a translation
// that already stands, so its failure never fails the translation: the batch stays as translated.

export type ReviewOptions = Omit<ReviewBatchInput, 'signal'> & {
  provider: TranslateProvider
  retry?: Partial<RetryPolicy>
  sleep?: Sleep
  signal?: AbortSignal
}

/** A translation provider's error as lib/provider-calls reads it (null: not the provider's). */
export const translationFailure = (error: unknown) => (error instanceof ProviderError ? error : null)

/**
 * Reviews one translated batch and answers id → corrected translation (only the corrected lines),
 * or `null` when the provider cannot review or could not answer. Rules: a provider's failure is
 * retried as any provider call (lib/provider-calls), a wrong answer included (the batch is not
 * split: the translation stands either way); once it gives up, the batch stays as translated. The
 * caller's abort and errors that are not the provider's are thrown.
 */
export async function reviewTranslations({ provider, retry, sleep, signal, ...input }: ReviewOptions): Promise<Map<number, string> | null> {
  const reviewBatch = provider.reviewBatch?.bind(provider)
  if (!reviewBatch) return null
  if (input.lines.length === 0) return new Map()
  try {
    return await callProvider({ limitKey: provider.limitKey, call: () => reviewBatch({ ...input, signal }), failureOf: translationFailure, retry, sleep, signal })
  } catch (error) {
    if (!(error instanceof ProviderError) || signal?.aborted) throw error
    log.warn('translate.review_failed', { provider: provider.name, cues: input.lines.length, kind: error.kind, error: error.message })
    return null
  }
}
