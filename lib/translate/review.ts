import { log } from '@/lib/log'
import { pauseProvider, providerAnswered, waitForProvider, type Sleep } from './pause'
import { ProviderError, type ReviewBatchInput, type TranslateProvider } from './providers/types'

// The review pass: a second request shows the model a translated batch (source, translation,
// glossary, context) and takes back only the lines it would correct. It improves a translation
// that already stands, so its failure never fails the translation: the batch stays as translated.

export type ReviewOptions = Omit<ReviewBatchInput, 'signal'> & {
  provider: TranslateProvider
  retry: { attempts: number; delayMs: number }
  sleep: Sleep
  signal?: AbortSignal
}

// A rate limit asking for longer than this (a daily quota) ends the review, as it ends a translation.
const GIVE_UP_RATE_WAIT_MS = 5 * 60_000

/**
 * Reviews one translated batch and answers id → corrected translation (only the corrected lines),
 * or `null` when the provider cannot review or could not answer. Rules: a failure is retried up to
 * `retry.attempts` times, a wrong answer included (the batch is not split: the translation stands
 * either way); a 429 pauses the provider as a translation's does; a refusal or fatal error ends it
 * at once. The caller's abort and errors that are not the provider's are thrown.
 */
export async function reviewTranslations({ provider, retry, sleep, signal, ...input }: ReviewOptions): Promise<Map<number, string> | null> {
  if (!provider.reviewBatch) return null
  if (input.lines.length === 0) return new Map()
  for (let attempt = 0; ; attempt++) {
    await waitForProvider(provider.limitKey, sleep, signal)
    try {
      const corrections = await provider.reviewBatch({ ...input, signal })
      providerAnswered(provider.limitKey)
      return corrections
    } catch (error) {
      if (!(error instanceof ProviderError) || signal?.aborted) throw error
      const isFinal = error.kind === 'fatal' || error.kind === 'refused' || attempt >= retry.attempts || (error.kind === 'rate_limited' && (error.retryAfterMs ?? 0) > GIVE_UP_RATE_WAIT_MS)
      if (isFinal) {
        log.warn('translate.review_failed', { provider: provider.name, cues: input.lines.length, kind: error.kind, error: error.message })
        return null
      }
      if (error.kind === 'rate_limited') pauseProvider(provider.limitKey, error.retryAfterMs)
      else await sleep(retry.delayMs, signal)
    }
  }
}
