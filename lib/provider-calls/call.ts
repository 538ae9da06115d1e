import { abortableSleep, pauseProvider, providerAnswered, waitForProvider, type Sleep } from './pause'

// The one way to call an outside provider (translation, review, speech to text): wait out the
// provider's shared 429 pause, call, and on failure retry, pause or give up by the same rules.

/** `attempts` = retries after the first try; `delayMs` = pause between them. */
export type RetryPolicy = { attempts: number; delayMs: number }

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, delayMs: 1000 }

/** A rate limit asking for longer than this (a daily quota) is a failure of the provider, not a wait. */
export const GIVE_UP_RATE_WAIT_MS = 5 * 60_000

/**
 * A provider's failure in the terms every provider error shares. rate_limited: pause the provider
 * and retry; fatal and refused: retrying cannot help; any other kind: retry after `delayMs`.
 */
export type ProviderFailure = { kind: string; retryAfterMs?: number }

export type ProviderCall<T> = {
  /** Requests sharing this key share one rate-limit pause (the same service and account). */
  limitKey: string
  /** One request; throws the provider's own error. */
  call: () => Promise<T>
  /** The thrown error as a provider failure, or null for any other error (thrown at once). */
  failureOf: (error: unknown) => ProviderFailure | null
  /** A failure the caller handles itself instead of retrying (the engine splits a batch answered wrongly). */
  isFinal?: (failure: ProviderFailure) => boolean
  retry?: Partial<RetryPolicy>
  /** Injected in tests; must reject when the signal aborts. */
  sleep?: Sleep
  signal?: AbortSignal
}

const endsTheCall = (failure: ProviderFailure) =>
  failure.kind === 'fatal' || failure.kind === 'refused' || (failure.kind === 'rate_limited' && (failure.retryAfterMs ?? 0) > GIVE_UP_RATE_WAIT_MS)

/**
 * Calls a provider and answers its result. Rules: every request first waits out a pause running
 * for its `limitKey`; a success ends the backoff; a 429 pauses every request under the key (Retry-After,
 * else a doubling backoff; lib/provider-calls/pause.ts), another retryable failure waits
 * `retry.delayMs`; after `retry.attempts` retries, on a fatal error, a refusal, a rate limit asking
 * for over 5 minutes, a failure `isFinal` names, the caller's abort or an error that is not the
 * provider's, the error is thrown.
 */
export async function callProvider<T>({ limitKey, call, failureOf, isFinal, retry = {}, sleep = abortableSleep, signal }: ProviderCall<T>): Promise<T> {
  const attempts = retry.attempts ?? DEFAULT_RETRY.attempts
  const delayMs = retry.delayMs ?? DEFAULT_RETRY.delayMs
  for (let attempt = 0; ; attempt++) {
    await waitForProvider(limitKey, sleep, signal)
    try {
      const answer = await call()
      providerAnswered(limitKey)
      return answer
    } catch (error) {
      const failure = failureOf(error)
      if (!failure || signal?.aborted || attempt >= attempts || endsTheCall(failure) || isFinal?.(failure)) throw error
      if (failure.kind === 'rate_limited') pauseProvider(limitKey, failure.retryAfterMs)
      else await sleep(delayMs, signal)
    }
  }
}
