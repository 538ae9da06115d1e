import 'server-only'
import type { TimedWord } from '@/lib/captions'
import { observeProvider } from '@/lib/metrics'
import { retryAfterOf, ServiceCallError, type ServiceFailureKind } from '@/lib/provider-calls'
import { audioContentType } from './audio-upload'

/**
 * One segment of an answer. Whisper's signs of doubt, where the provider sends them: the chance
 * that nobody speaks (`noSpeechProb`), the mean log-probability of its tokens, and its text's
 * compression ratio (high when a line loops). `speaker`: the provider's label for who said it,
 * when it labels speakers (valid within one request only).
 */
export type SttSegment = { startMs: number; endMs: number; text: string; noSpeechProb?: number; avgLogprob?: number; compressionRatio?: number; speaker?: string }
/** One chunk's transcript, times relative to the chunk. */
export type SttAnswer = { language: string | null; words: TimedWord[]; segments: SttSegment[] }

/** A voice heard before: its name, and a clip of it (WAV, 2 to 10 s) the provider compares voices with. */
export type KnownSpeaker = { name: string; clip: Buffer }

export type SttRequest = { audio: Buffer; fileName: string; language?: string | null; prompt?: string; speakers?: KnownSpeaker[]; signal?: AbortSignal }

export type SttProvider = {
  /** Requests sharing this key share one rate-limit pause (lib/provider-calls/pause.ts). */
  limitKey: string
  /** Whether answers label speakers; voices heard before can then be sent with a request (at most `maxKnownSpeakers`). */
  labelsSpeakers?: boolean
  maxKnownSpeakers?: number
  transcribe(request: SttRequest): Promise<SttAnswer>
}

/** OpenAI's diarization takes at most 4 known speakers per request. */
const MAX_KNOWN_SPEAKERS = 4

/** A failed speech-to-text request (lib/provider-calls/service-error.ts). */
export class SttError extends ServiceCallError {
  constructor(kind: ServiceFailureKind, message: string, retryAfterMs?: number) {
    super('speech-to-text', kind, message, retryAfterMs)
    this.name = 'SttError'
  }
}

const seconds = (value: unknown) => Math.round(Number(value) * 1000)

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
/** The segment's signs of doubt that the provider sent (self-hosted servers often send none). */
const doubts = (s: Record<string, unknown>) => {
  const [noSpeechProb, avgLogprob, compressionRatio] = [finite(s.no_speech_prob), finite(s.avg_logprob), finite(s.compression_ratio)]
  return { ...(noSpeechProb === undefined ? {} : { noSpeechProb }), ...(avgLogprob === undefined ? {} : { avgLogprob }), ...(compressionRatio === undefined ? {} : { compressionRatio }) }
}

/**
 * The form of one request. Plain: `response_format=verbose_json` with word and segment times and
 * the spelling hints as `prompt`. Diarizing (OpenAI's gpt-4o-transcribe-diarize): `diarized_json`,
 * `chunking_strategy=auto` (required past 30 s), no `prompt` (refused with a 400), and the voices
 * known from earlier chunks as `known_speaker_names[]` with `known_speaker_references[]` (WAV data
 * URLs), so the answer names them as we do.
 */
function transcriptionForm({ audio, fileName, language, prompt, speakers = [] }: SttRequest, { model, diarize }: { model: string; diarize: boolean }): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(audio)], { type: audioContentType(fileName) }), fileName)
  form.append('model', model)
  if (diarize) {
    form.append('response_format', 'diarized_json')
    form.append('chunking_strategy', 'auto')
    for (const speaker of speakers.slice(0, MAX_KNOWN_SPEAKERS)) {
      form.append('known_speaker_names[]', speaker.name)
      form.append('known_speaker_references[]', `data:audio/wav;base64,${speaker.clip.toString('base64')}`)
    }
  } else {
    form.append('response_format', 'verbose_json')
    form.append('timestamp_granularities[]', 'word')
    form.append('timestamp_granularities[]', 'segment')
    if (prompt) form.append('prompt', prompt)
  }
  if (language) form.append('language', language)
  return form
}

/**
 * An OpenAI-compatible speech-to-text API (OpenAI, Groq, self-hosted Whisper servers):
 * `POST {baseUrl}/audio/transcriptions`, multipart `file`, `model`, `response_format=verbose_json`,
 * `timestamp_granularities[]` word and segment, `language` when known and `prompt` (spelling hints);
 * with `diarize`, OpenAI's speaker-labelling protocol instead (transcriptionForm), answered as
 * segments with a `speaker` each and no words. Rule: the key never appears in an error message.
 */
export function createSttProvider({ baseUrl, apiKey, model, diarize = false, timeoutMs = 10 * 60_000 }: { baseUrl: string; apiKey: string; model: string; diarize?: boolean; timeoutMs?: number }): SttProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/audio/transcriptions`
  return {
    limitKey: `stt:${baseUrl}:${apiKey.slice(-6)}`,
    labelsSpeakers: diarize,
    maxKnownSpeakers: diarize ? MAX_KNOWN_SPEAKERS : 0,
    async transcribe(request) {
      const { signal } = request
      const form = transcriptionForm(request, { model, diarize })
      const timeout = AbortSignal.timeout(timeoutMs)
      let res: Response
      const started = performance.now()
      try {
        res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
      } catch (error) {
        if (signal?.aborted) throw error
        observeProvider('stt', 'network', started)
        throw new SttError('retryable', `request failed: ${(error as Error).message}`)
      }
      const text = await res.text()
      observeProvider('stt', res.status, started)
      if (!res.ok) {
        const detail = text.split(apiKey).join('***').slice(0, 300)
        if (res.status === 429) throw new SttError('rate_limited', `HTTP 429: ${detail}`, retryAfterOf(res.headers))
        if (res.status >= 500 || res.status === 408) throw new SttError('retryable', `HTTP ${res.status}: ${detail}`)
        throw new SttError('fatal', `HTTP ${res.status}: ${detail}`)
      }
      let body: { language?: string; words?: { word?: string; start?: number; end?: number }[]; segments?: ({ start?: number; end?: number; text?: string } & Record<string, unknown>)[] }
      try {
        body = JSON.parse(text)
      } catch {
        throw new SttError('retryable', 'the answer is not JSON')
      }
      return {
        language: typeof body.language === 'string' ? body.language : null,
        words: (body.words ?? []).filter((w) => typeof w.word === 'string').map((w) => ({ text: w.word as string, startMs: seconds(w.start), endMs: seconds(w.end) })),
        segments: (body.segments ?? [])
          .filter((s) => typeof s.text === 'string')
          .map((s) => ({ startMs: seconds(s.start), endMs: seconds(s.end), text: s.text as string, ...doubts(s), ...(typeof s.speaker === 'string' && s.speaker !== '' ? { speaker: s.speaker } : {}) })),
      }
    },
  }
}
