// One rate-limit pause per provider account for the whole process: when a provider answers 429,
// every task's requests to it wait until the pause is over, then resume spread out by jitter.

type Pause = { until: number; generation: number; strikes: number }

const holder = globalThis as unknown as { __providerPauses?: Map<string, Pause> }
const pauses = (holder.__providerPauses ??= new Map<string, Pause>())

/** Longest pause taken for one 429 (a daily quota asks for hours: not worth waiting for in a task). */
export const MAX_PAUSE_MS = 30_000
const BASE_BACKOFF_MS = 1000
const MAX_JITTER_MS = 500

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/**
 * Pauses every request under `key` for `retryAfterMs` (when the provider said), else for a backoff
 * that doubles with each 429 since the last success (1 s, 2 s, 4 s, …); at most MAX_PAUSE_MS.
 * A pause never shortens one already running. Answers the pause length.
 */
export function pauseProvider(key: string, retryAfterMs: number | undefined, now = Date.now()): number {
  const pause = pauses.get(key) ?? { until: 0, generation: 0, strikes: 0 }
  const length = Math.min(MAX_PAUSE_MS, retryAfterMs ?? BASE_BACKOFF_MS * 2 ** pause.strikes)
  pause.strikes += 1
  if (now + length > pause.until) {
    pause.until = now + length
    pause.generation += 1
  }
  pauses.set(key, pause)
  return length
}

/** A request under `key` succeeded: the next 429 starts the backoff from the beginning again. */
export function providerAnswered(key: string): void {
  const pause = pauses.get(key)
  if (pause) pause.strikes = 0
}

/**
 * Waits while `key` is paused, plus a random jitter so waiting requests do not all resume in the
 * same instant. Rule: sleeps once per pause; a pause extended meanwhile is waited out too.
 */
export async function waitForProvider(key: string, sleep: Sleep, signal?: AbortSignal, random = Math.random): Promise<void> {
  let seen = -1
  for (;;) {
    const pause = pauses.get(key)
    if (!pause || pause.generation === seen) return
    const left = pause.until - Date.now()
    if (left <= 0) return
    seen = pause.generation
    await sleep(left + Math.floor(random() * Math.min(MAX_JITTER_MS, left / 4 + 1)), signal)
  }
}

/** The pause still running under `key`, in ms (0 when none); for logs and tests. */
export function pauseLeft(key: string): number {
  return Math.max(0, (pauses.get(key)?.until ?? 0) - Date.now())
}

/** Forgets every pause (tests). */
export function clearPauses(): void {
  pauses.clear()
}

/** Waits `ms`, rejecting with the signal's reason when it aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
