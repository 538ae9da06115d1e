import 'server-only'
import { observeProvider } from '@/lib/metrics'
import { retryAfterOf, ServiceCallError, type ServiceFailureKind } from '@/lib/provider-calls'

/** OpenAI's voices: the list a provider offers when `TTS_VOICES` does not name its own. */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const
/** The protocol's cap on one request's text. */
export const TTS_MAX_INPUT = 4096

export type SpeakRequest = { input: string; voice: string; speed?: number; signal?: AbortSignal }

export type TtsProvider = {
  /** Requests sharing this key share one rate-limit pause (lib/provider-calls/pause.ts). */
  limitKey: string
  voices: readonly string[]
  /** Marked sandbox in the interface (the offline espeak-ng voice of `npm run dev`). */
  isSandbox: boolean
  /** The spoken text as WAV bytes. */
  speak(request: SpeakRequest): Promise<Buffer>
}

/** A failed text-to-speech request (lib/provider-calls/service-error.ts). */
export class TtsError extends ServiceCallError {
  constructor(kind: ServiceFailureKind, message: string, retryAfterMs?: number) {
    super('text-to-speech', kind, message, retryAfterMs)
    this.name = 'TtsError'
  }
}

/**
 * An OpenAI-compatible text-to-speech API (OpenAI, Kokoro-FastAPI, LocalAI, openedai-speech):
 * `POST {baseUrl}/audio/speech` with JSON `model`, `input`, `voice`, `response_format=wav` and
 * `speed`. WAV because every server of the protocol writes it and its header says the rate, where
 * `pcm` is only OpenAI's 24 kHz by convention. Rule: the key never appears in an error message.
 */
export function createTtsProvider({ baseUrl, apiKey, model, voices = OPENAI_VOICES, isSandbox = false, timeoutMs = 60_000 }: { baseUrl: string; apiKey: string; model: string; voices?: readonly string[]; isSandbox?: boolean; timeoutMs?: number }): TtsProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/audio/speech`
  return {
    limitKey: `tts:${baseUrl}:${apiKey.slice(-6)}`,
    voices,
    isSandbox,
    async speak({ input, voice, speed = 1, signal }) {
      const timeout = AbortSignal.timeout(timeoutMs)
      const started = performance.now()
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, input, voice, response_format: 'wav', speed: Math.round(speed * 1000) / 1000 }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        })
      } catch (error) {
        if (signal?.aborted) throw error
        observeProvider('tts', 'network', started)
        throw new TtsError('retryable', `request failed: ${(error as Error).message}`)
      }
      const body = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)))
      observeProvider('tts', res.status, started)
      if (!res.ok) {
        const detail = body.toString('utf8').split(apiKey).join('***').slice(0, 300)
        if (res.status === 429) throw new TtsError('rate_limited', `HTTP 429: ${detail}`, retryAfterOf(res.headers))
        if (res.status >= 500 || res.status === 408) throw new TtsError('retryable', `HTTP ${res.status}: ${detail}`)
        throw new TtsError('fatal', `HTTP ${res.status}: ${detail}`)
      }
      if (body.length < 44 || body.toString('latin1', 0, 4) !== 'RIFF') throw new TtsError('retryable', 'the answer is not WAV audio')
      return body
    },
  }
}
