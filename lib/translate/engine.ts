import { mapWithConcurrency } from './pool'
import { ProviderError, type TranslateLine, type TranslateProvider } from './providers/types'

/** A cue to translate; one that already carries a translation (a resumed task) is kept as it is. */
export type CueToTranslate = { id: number; text: string; translatedText?: string | null }

export type TranslatedCue = { id: number; translatedText: string }

/** `attempts` = retries after the first try; `delayMs` = pause between them (longer on rate limits). */
export type RetryPolicy = { attempts: number; delayMs: number }

export type TranslateCuesOptions = {
  provider: TranslateProvider
  cues: CueToTranslate[]
  sourceLanguage?: string
  targetLanguage: string
  batchSize?: number
  concurrency?: number
  retry?: Partial<RetryPolicy>
  contextSize?: number
  signal?: AbortSignal
  /** Called after each batch (or split half) with its results; calls never overlap. */
  onBatchDone?: (done: TranslatedCue[]) => Promise<void> | void
  /** Injected in tests; must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

// A rate-limit wait is capped here; one asking for far longer (a daily quota) is not worth waiting for.
const MAX_RATE_WAIT_MS = 30_000
const GIVE_UP_RATE_WAIT_MS = 5 * 60_000

const abortableSleep = (ms: number, signal?: AbortSignal) =>
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

const isBlank = (text: string) => text.trim() === ''
const isDone = (cue: CueToTranslate) => typeof cue.translatedText === 'string' && (!isBlank(cue.translatedText) || isBlank(cue.text))

type Pending = TranslateLine & { index: number }

/**
 * Translates the cues that lack a translation and answers id → translation for every cue.
 * Rules: batches of min(batchSize, provider.maxBatch) with at most `concurrency` requests in
 * flight, each carrying the `contextSize` cues just before it; a failed request is retried up to
 * `retry.attempts` times `delayMs` apart (rate limits wait max(retry-after, delayMs·2ⁿ), ≤ 30 s);
 * a fatal error, an exhausted retry or the caller's abort rejects at once and stops every other
 * request; a wrong answer (bad_answer) is split in halves down to single cues, never matched by
 * position; blank cues are answered blank without a request.
 */
export async function translateCues({
  provider,
  cues,
  sourceLanguage,
  targetLanguage,
  batchSize = 10,
  concurrency = 8,
  retry = {},
  contextSize = 2,
  signal,
  onBatchDone,
  sleep = abortableSleep,
}: TranslateCuesOptions): Promise<Map<number, string>> {
  const { attempts = 3, delayMs = 1000 } = retry
  const results = new Map<number, string>()
  if (new Set(cues.map((cue) => cue.id)).size !== cues.length) throw new Error('cue ids must be unique')

  const blanks: TranslatedCue[] = []
  const pending: Pending[] = []
  cues.forEach((cue, index) => {
    if (isDone(cue)) results.set(cue.id, cue.translatedText as string)
    else if (isBlank(cue.text)) blanks.push({ id: cue.id, translatedText: '' })
    else pending.push({ id: cue.id, text: cue.text, index })
  })

  const stop = new AbortController()
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
  let reported: Promise<void> = Promise.resolve()
  const report = (done: TranslatedCue[]) => {
    for (const item of done) results.set(item.id, item.translatedText)
    if (!onBatchDone || done.length === 0) return Promise.resolve()
    reported = reported.then(() => onBatchDone(done))
    return reported
  }

  const contextFor = (index: number): TranslateLine[] => {
    const context: TranslateLine[] = []
    for (let i = index - 1; i >= 0 && context.length < contextSize; i--) {
      if (!isBlank(cues[i].text)) context.unshift({ id: cues[i].id, text: cues[i].text })
    }
    return context
  }

  async function request(group: Pending[]): Promise<string[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const texts = await provider.translateBatch({
          lines: group.map(({ id, text }) => ({ id, text })),
          context: contextFor(group[0].index),
          sourceLanguage,
          targetLanguage,
          signal: combined,
        })
        if (!Array.isArray(texts) || texts.length !== group.length) {
          throw new ProviderError({ provider: provider.name, kind: 'bad_answer', message: 'provider answered the wrong number of lines' })
        }
        return texts
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind === 'fatal' || combined.aborted) throw error
        if (error.kind === 'bad_answer' && group.length > 1) throw error
        if (attempt >= attempts) throw error
        const isRate = error.kind === 'rate_limited'
        if (isRate && (error.retryAfterMs ?? 0) > GIVE_UP_RATE_WAIT_MS) throw error
        const wait = isRate ? Math.min(MAX_RATE_WAIT_MS, Math.max(error.retryAfterMs ?? 0, delayMs * 2 ** attempt)) : delayMs
        await sleep(wait, combined)
      }
    }
  }

  async function translateGroup(group: Pending[]): Promise<void> {
    let texts: string[]
    try {
      texts = await request(group)
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'bad_answer' || group.length === 1) throw error
      const half = Math.ceil(group.length / 2)
      await translateGroup(group.slice(0, half))
      return translateGroup(group.slice(half))
    }
    await report(group.map((cue, i) => ({ id: cue.id, translatedText: texts[i] })))
  }

  const size = Math.max(1, Math.min(batchSize, provider.maxBatch))
  const batches: Pending[][] = []
  for (let i = 0; i < pending.length; i += size) batches.push(pending.slice(i, i + size))

  try {
    await report(blanks)
    await mapWithConcurrency(batches, concurrency, translateGroup)
    await reported
  } catch (error) {
    stop.abort(error)
    throw error
  }
  return results
}
