import 'server-only'
import { buildCues, type TimedWord } from '@/lib/captions'
import { formatMs } from '@/lib/subtitles'
import { pauseProvider, providerAnswered, waitForProvider, type Sleep } from '@/lib/translate/pause'
import { SttError, type SttAnswer, type SttProvider, type SttRequest } from './provider'

/** A chunk of the recording, with what is already known of it (a resumed run knows some). */
export type KnownChunk = { index: number; startMs: number; endMs: number; words: TimedWord[] | null; language: string | null }

/** `unreadable`: the recording has no sound that decodes; otherwise the spoken language. SttError when a provider keeps failing. */
export type RecordingOutcome = { kind: 'unreadable' } | { kind: 'transcribed'; language: string }

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', abort, { once: true })
  })

/** One request with the engine's retry rules: a 429 pauses every request to the provider, others wait and retry. */
export async function transcribeWithRetry(provider: SttProvider, request: SttRequest, { attempts = 3, delayMs = 1000 } = {}): Promise<SttAnswer> {
  for (let attempt = 0; ; attempt++) {
    await waitForProvider(provider.limitKey, sleep, request.signal)
    try {
      const answer = await provider.transcribe(request)
      providerAnswered(provider.limitKey)
      return answer
    } catch (error) {
      if (!(error instanceof SttError) || request.signal?.aborted || error.kind === 'fatal' || attempt >= attempts) throw error
      if (error.kind === 'rate_limited') pauseProvider(provider.limitKey, error.retryAfterMs)
      else await sleep(delayMs, request.signal)
    }
  }
}

/** A recording's words as numbered cues (lib/captions' rules), ready to store as segments. */
export function cuesFromWords(words: TimedWord[], language: string) {
  return buildCues(words, language).map((cue, i) => ({ id: i + 1, startMs: cue.startMs, endMs: cue.endMs, startTime: formatMs(cue.startMs), endTime: formatMs(cue.endMs), text: cue.text }))
}
