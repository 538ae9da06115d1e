import { spawn } from 'node:child_process'
import type http from 'node:http'
import busboy from 'busboy'
import { knobsAdmin, sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'
import { applySttQuirks, parseSttQuirks, type FakeSegment, type SttQuirks } from './stt-quirks'
import { diarize, isDiarizeRequest } from './stt-speakers'

/** OpenAI's limit on one audio upload. */
export const STT_MAX_BYTES = 25 * 1024 * 1024
/** Every word the fake answers is one of these: sandbox text, never mistaken for a transcript. */
export const STT_SANDBOX_WORDS = ['Sandbox', 'speech'] as const
// Filler syllables in turn: a long span never reads as one word looped (a provider's fault of its own, stt-quirks.ts).
const FILLER = ['la', 'di', 'mo', 'ne', 'ku', 'ra', 'to'] as const

// A provider decodes what it is sent with a current ffmpeg, not the 2018 build of the npm package:
// the fake decodes with the system's (Debian's 5.1 here; STT_FAKE_FFMPEG names another), so a
// chunk a current decoder misreads (a negative granule position read as 0 s) fails here too.
const ffmpeg = () => process.env.STT_FAKE_FFMPEG ?? 'ffmpeg'

const RATE = 16_000
const FRAME = RATE / 100 // 10 ms
/** A frame louder than this RMS (about -36 dBFS) is speech. */
const SPEECH_RMS = 0.016
/**
 * Quieter stretches up to this stay inside one span: the pauses between a sentence's words, and the
 * closure before a stop consonant ("walked to"), which espeak-ng holds for about 250 ms and a
 * low-bitrate encoding can stretch past it. A recogniser's voice detection holds on as long.
 */
const BRIDGE_MS = 350
const MIN_SPAN_MS = 80

const LANGUAGE_NAMES: Record<string, string> = { en: 'english', zh: 'chinese', ja: 'japanese', ko: 'korean', fr: 'french', de: 'german', es: 'spanish', it: 'italian', pt: 'portuguese', ru: 'russian' }

function openAiError(res: http.ServerResponse, status: number, message: string, type: string, code: string | null, headers = {}) {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers)
}

type Upload = { fields: Record<string, string[]>; file: Buffer | null; fileName: string; bytes: number }

function readForm(req: http.IncomingMessage): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const out: Upload = { fields: {}, file: null, fileName: '', bytes: 0 }
    const parser = busboy({ headers: req.headers })
    parser.on('field', (name, value) => (out.fields[name] ??= []).push(value))
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (name === 'file') {
          out.file = Buffer.concat(chunks)
          out.fileName = info.filename ?? ''
        }
      })
    })
    parser.on('close', () => resolve(out))
    parser.on('error', reject)
    req.pipe(parser)
  })
}

/** Decodes any audio ffmpeg reads to 16 kHz mono samples in [-1, 1]. */
function decode(file: Buffer): Promise<Float32Array | null> {
  return new Promise((resolve, reject) => {
    // One decoding thread: frame threads only add locking to audio this small (FLAC: 2-4x the CPU time).
    const child = spawn(ffmpeg(), ['-hide_banner', '-loglevel', 'error', '-threads', '1', '-i', 'pipe:0', '-vn', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], { stdio: ['pipe', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.on('error', reject)
    child.on('close', (code) => {
      const pcm = Buffer.concat(out)
      if (code !== 0 || pcm.length < 2) return resolve(null)
      const samples = new Float32Array(Math.floor(pcm.length / 2))
      // ffmpeg writes little-endian samples, as the machines we run on read them; an odd offset is copied to align.
      const aligned = pcm.byteOffset % 2 === 0 ? pcm : Buffer.from(pcm)
      const ints = new Int16Array(aligned.buffer, aligned.byteOffset, samples.length)
      for (let i = 0; i < samples.length; i++) samples[i] = ints[i] / 32768
      resolve(samples)
    })
    // A file ffmpeg refuses closes stdin early; the write error is that refusal, answered above.
    child.stdin.on('error', () => {})
    child.stdin.end(file)
  })
}

/** Spans of speech, in ms: runs of loud 10 ms frames, bridged over short quiet stretches. */
export function speechSpans(samples: Float32Array): { startMs: number; endMs: number }[] {
  const spans: { startMs: number; endMs: number }[] = []
  let open: { startMs: number; endMs: number } | null = null
  for (let f = 0; f * FRAME < samples.length; f++) {
    let sum = 0
    const end = Math.min(samples.length, (f + 1) * FRAME)
    for (let i = f * FRAME; i < end; i++) sum += samples[i] * samples[i]
    const loud = Math.sqrt(sum / Math.max(1, end - f * FRAME)) > SPEECH_RMS
    if (!loud) continue
    const [startMs, endMs] = [f * 10, f * 10 + 10]
    if (open && startMs - open.endMs <= BRIDGE_MS) open.endMs = endMs
    else {
      if (open) spans.push(open)
      open = { startMs, endMs }
    }
  }
  if (open) spans.push(open)
  return spans.filter((s) => s.endMs - s.startMs >= MIN_SPAN_MS)
}

/** Sandbox words for one span: "Sandbox speech la di mo …", one word per ~450 ms, spread over it. */
function wordsFor(span: { startMs: number; endMs: number }) {
  const duration = span.endMs - span.startMs
  const count = Math.max(2, Math.round(duration / 450))
  const texts = Array.from({ length: count }, (_, i) => STT_SANDBOX_WORDS[i] ?? FILLER[(i - STT_SANDBOX_WORDS.length) % FILLER.length])
  const slot = duration / count
  return texts.map((word, i) => ({
    word,
    start: (span.startMs + i * slot) / 1000,
    // The last word ends where the sound ends; the others leave a short gap before the next.
    end: (i === count - 1 ? span.endMs : span.startMs + (i + 1) * slot - Math.min(30, slot / 4)) / 1000,
  }))
}

/**
 * Starts an OpenAI-compatible speech-to-text fake: `POST /audio/transcriptions` (or under /v1),
 * multipart `file` and `model`, bearer key, 25 MB at most (413 with OpenAI's error), and
 * `response_format=verbose_json` with `timestamp_granularities[]` word and segment. It decodes the
 * audio with ffmpeg, finds the spoken spans by their energy and answers sandbox words at their
 * true times: one segment per span, its text punctuated ("Sandbox speech la di."), the words
 * without punctuation as OpenAI sends them. Faults: 429 (with retry-after) and 5xx. Real providers'
 * mistakes come by knob (stt-quirks.ts): `quirks` here, `setQuirks`, or `POST /__quirks` with the
 * knobs as JSON (`DELETE /__quirks` clears them). A diarizing request (gpt-4o-transcribe-diarize,
 * `diarized_json`) is answered by answerDiarized, quirks included; with `unstableSpeakers` (the
 * default) its labels change from request to request unless known speakers are sent, as a real
 * provider's do.
 */
export async function startSttFake({
  apiKey,
  port,
  delayMs,
  quirks: initialQuirks = {},
  unstableSpeakers = true,
}: {
  apiKey: string
  port?: number
  delayMs?: number
  quirks?: SttQuirks
  unstableSpeakers?: boolean
}): Promise<SttFakeServer> {
  let quirks = parseSttQuirks(initialQuirks)
  // The answer delay runs while the sound is decoded and read (delayOverlapsWork): every answer,
  // an error too, waits for it here, so the fake answers `delayMs` after a request, as it models.
  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) {
    const answer = await work(req, ctx)
    await ctx.answerDue()
    answer(res)
  }

  type Answer = (res: http.ServerResponse) => void
  async function work(req: http.IncomingMessage, ctx: FakeContext): Promise<Answer> {
    if (req.method !== 'POST' || !['/audio/transcriptions', '/v1/audio/transcriptions'].includes(ctx.url.pathname)) {
      return (res) => openAiError(res, 404, 'Not Found', 'invalid_request_error', null)
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return (res) => openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')
    }
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > STT_MAX_BYTES) {
      req.resume()
      return (res) => openAiError(res, 413, `Maximum content size limit (${STT_MAX_BYTES}) exceeded (${declared} bytes read)`, 'server_error', null)
    }
    const fault = ctx.fault
    if (fault?.kind === '429') {
      req.resume()
      const seconds = Math.max(1, Math.ceil(fault.retryAfterMs / 1000))
      return (res) => openAiError(res, 429, 'Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded', { 'retry-after': String(seconds), 'retry-after-ms': String(fault.retryAfterMs) })
    }
    if (fault?.kind === '5xx') {
      req.resume()
      return (res) => openAiError(res, fault.roll < 0.5 ? 500 : 503, 'The server had an error while processing your request. Sorry about that!', 'server_error', null)
    }
    const form = await readForm(req)
    const field = (name: string) => form.fields[name]?.[0]
    if (!form.file || form.file.length === 0) return (res) => openAiError(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error', null)
    const bytes = form.file.length
    if (bytes > STT_MAX_BYTES) return (res) => openAiError(res, 413, `Maximum content size limit (${STT_MAX_BYTES}) exceeded (${bytes} bytes read)`, 'server_error', null)
    if (!field('model')) return (res) => openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', null)
    const samples = await decode(form.file)
    if (!samples) return (res) => openAiError(res, 400, 'Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm', 'invalid_request_error', null)
    const granularities = form.fields['timestamp_granularities[]'] ?? ['segment']
    const language = field('language')
    const spans = speechSpans(samples)
    const durationMs = (samples.length / RATE) * 1000
    const answered = applySttQuirks(spans.map(trueSegment), { quirks, durationMs, language: language ?? 'en' })
    if (isDiarizeRequest(field('model'), field('response_format'))) return answerDiarized(ctx, { fields: form.fields, samples, answered, unstable: unstableSpeakers })
    for (const [name, n] of Object.entries(answered.counts)) ctx.count(name, n)
    ctx.count('audioSeconds', Math.round(samples.length / RATE))
    ctx.note({ bytes: form.file.length, fileName: form.fileName, language: language ?? null, prompt: field('prompt') ?? null, model: field('model'), spans: spans.length, quirks: answered.counts })
    const segments = answered.segments.map((s, id) => ({ id, seek: 0, start: s.startMs / 1000, end: s.endMs / 1000, text: s.text, tokens: [], temperature: 0, avg_logprob: s.avgLogprob, compression_ratio: s.compressionRatio, no_speech_prob: s.noSpeechProb }))
    const words = answered.segments.flatMap((s) => s.words).map((w) => ({ word: w.word, start: w.startMs / 1000, end: w.endMs / 1000 }))
    const body: Record<string, unknown> = {
      task: 'transcribe',
      language: LANGUAGE_NAMES[language ?? 'en'] ?? language ?? 'english',
      duration: samples.length / RATE,
      text: segments.map((s) => s.text.trim()).join(' '),
    }
    if (field('response_format') !== 'verbose_json') return (res) => sendJson(res, 200, { text: body.text })
    if (granularities.includes('word') && !answered.counts.noWords) body.words = words
    if (granularities.includes('segment')) body.segments = segments
    return (res) => sendJson(res, 200, body)
  }
  const server = await startFakeServer({
    name: 'stt',
    port,
    delayMs,
    delayOverlapsWork: true,
    handler: handle,
    admin: knobsAdmin('/__quirks', { current: () => ({ quirks }), set: (body) => void (quirks = parseSttQuirks(body)), clear: () => void (quirks = {}) }),
  })
  return Object.assign(server, { setQuirks: (next: SttQuirks) => void (quirks = parseSttQuirks(next)) })
}

export type SttFakeServer = FakeServer & { setQuirks(quirks: SttQuirks): void }

/** The truth about one span of speech: sandbox words spread over it, Whisper's signs of clean speech. */
function trueSegment(span: { startMs: number; endMs: number }): FakeSegment {
  const own = wordsFor(span)
  return { startMs: span.startMs, endMs: span.endMs, text: ` ${own.map((w) => w.word).join(' ')}.`, noSpeechProb: 0.01, avgLogprob: -0.2, compressionRatio: 1, words: own.map((w) => ({ word: w.word, startMs: w.start * 1000, endMs: w.end * 1000 })) }
}

/**
 * A diarizing request's answer (stt-speakers.ts): one segment per answered segment (the spans of
 * speech, with any quirks) with its speaker, told apart by pitch (an invented line over silence
 * goes with the voice heard last); labels rotate per request when `unstable`. The log notes each
 * request's labels and the known speakers it sent.
 */
async function answerDiarized(
  ctx: FakeContext,
  { fields, samples, answered, unstable }: { fields: Record<string, string[]>; samples: Float32Array; answered: ReturnType<typeof applySttQuirks>; unstable: boolean },
) {
  const spans = answered.segments.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: s.text.trim() }))
  const outcome = await diarize({ fields, samples, spans, rotate: unstable ? ctx.stats.requests : 0, decode })
  if ('error' in outcome) return (res: http.ServerResponse) => openAiError(res, 400, outcome.error, 'invalid_request_error', null)
  for (const [name, n] of Object.entries(answered.counts)) ctx.count(name, n)
  ctx.count('audioSeconds', Math.round(samples.length / RATE))
  ctx.note({ model: fields.model?.[0], diarize: true, speakers: outcome.speakers, known: outcome.known, spans: spans.length, quirks: answered.counts })
  return (res: http.ServerResponse) => sendJson(res, 200, outcome.body)
}
