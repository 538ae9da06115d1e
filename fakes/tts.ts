import { spawn } from 'node:child_process'
import type http from 'node:http'
import { knobsAdmin, readJson, sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'

/** OpenAI's voices, each spoken by espeak-ng at a pitch of its own, so a test tells voices apart by pitch. */
export const TTS_FAKE_VOICES: Record<string, number> = { alloy: 50, ash: 20, ballad: 35, coral: 80, echo: 10, fable: 60, nova: 95, onyx: 5, sage: 45, shimmer: 70, verse: 28 }
/** espeak-ng's natural rate, in words per minute, at `speed` 1. */
const NATURAL_WPM = 175
const MAX_INPUT = 4096
const FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const
type Format = (typeof FORMATS)[number]
const CONTENT_TYPES: Record<Format, string> = { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' }
const FFMPEG_OUT: Record<Exclude<Format, 'wav'>, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-f', 'mp3'],
  opus: ['-c:a', 'libopus', '-f', 'ogg'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  pcm: ['-ar', '24000', '-ac', '1', '-f', 's16le'],
}

/** Knobs a test turns: `slowdown` speaks every line that many times slower (a voice whose lines run long). */
export type TtsVoiceKnobs = { slowdown?: number }

function openAiError(res: http.ServerResponse, status: number, message: string, type: string, code: string | null, headers = {}) {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers)
}

/** espeak-ng's voice for the text's script: Chinese, Japanese, Korean, else English. */
function espeakLanguage(text: string): string {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja'
  if (/[\uac00-\ud7af]/.test(text)) return 'ko'
  if (/[\u4e00-\u9fff]/.test(text)) return 'cmn'
  return 'en'
}

function run(file: string, args: string[], stdin?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${file} exited with ${code}`))))
    if (stdin) child.stdin!.end(stdin)
  })
}

/** The text spoken by espeak-ng as WAV (22.05 kHz mono), at the voice's pitch and the asked speed. */
export function espeakWav(text: string, { pitch, wpm }: { pitch: number; wpm: number }): Promise<Buffer> {
  return run('espeak-ng', ['-v', espeakLanguage(text), '-p', String(pitch), '-s', String(Math.round(wpm)), '--stdout', text])
}

/**
 * A fake of OpenAI's `POST /v1/audio/speech` (and the servers that copy it): JSON `model`, `input`,
 * `voice`, `response_format`, `speed`; answers the audio in the asked format, spoken by espeak-ng
 * (installed from Debian), and OpenAI's error envelope for a bad request, a wrong key, a 429 or a
 * 5xx. It is the sandbox voice of `npm run dev` too. Knobs: the common `/__faults` (5xx, 429, slow
 * = a request that hangs for `delayMs`), and `POST /__voice` `{ "slowdown": 1.6 }`.
 */
export async function startTtsFake({ apiKey, port, delayMs, knobs: initial = {} }: { apiKey: string; port?: number; delayMs?: number; knobs?: TtsVoiceKnobs }): Promise<TtsFakeServer> {
  let knobs = { ...initial }
  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) {
    if (req.method !== 'POST' || !['/audio/speech', '/v1/audio/speech'].includes(ctx.url.pathname)) return openAiError(res, 404, 'Not Found', 'invalid_request_error', null)
    if (req.headers.authorization !== `Bearer ${apiKey}`) return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')
    const fault = ctx.fault
    if (fault?.kind === '429') {
      req.resume()
      return openAiError(res, 429, 'Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded', { 'retry-after': String(Math.max(1, Math.ceil(fault.retryAfterMs / 1000))), 'retry-after-ms': String(fault.retryAfterMs) })
    }
    if (fault?.kind === '5xx') {
      req.resume()
      return openAiError(res, fault.roll < 0.5 ? 500 : 503, 'The server had an error while processing your request. Sorry about that!', 'server_error', null)
    }
    let body: Record<string, unknown>
    try {
      body = ((await readJson(req)) ?? {}) as Record<string, unknown>
    } catch {
      return openAiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null)
    }
    const { model, input, voice } = body
    const format = (body.response_format ?? 'mp3') as Format
    const speed = body.speed === undefined ? 1 : Number(body.speed)
    if (typeof model !== 'string' || !model) return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', null)
    if (typeof input !== 'string' || !input.trim()) return openAiError(res, 400, "Missing required parameter: 'input'.", 'invalid_request_error', null)
    if (input.length > MAX_INPUT) return openAiError(res, 400, `'input' is too long: ${input.length} > ${MAX_INPUT} characters.`, 'invalid_request_error', 'string_above_max_length')
    if (typeof voice !== 'string' || !(voice in TTS_FAKE_VOICES)) return openAiError(res, 400, `Invalid value for 'voice': '${String(voice)}'.`, 'invalid_request_error', 'invalid_value')
    if (!FORMATS.includes(format)) return openAiError(res, 400, `Invalid value for 'response_format': '${String(body.response_format)}'.`, 'invalid_request_error', 'invalid_value')
    if (!Number.isFinite(speed) || speed < 0.25 || speed > 4) return openAiError(res, 400, `Invalid value for 'speed': ${String(body.speed)}. Expected a value between 0.25 and 4.0.`, 'invalid_request_error', 'invalid_value')
    const wav = await espeakWav(input, { pitch: TTS_FAKE_VOICES[voice], wpm: (NATURAL_WPM * speed) / (knobs.slowdown ?? 1) })
    const audio = format === 'wav' ? wav : await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', ...FFMPEG_OUT[format], 'pipe:1'], wav)
    // The answer delay ran while espeak-ng spoke (delayOverlapsWork): the fake answers `delayMs` after the request, as it models.
    await ctx.answerDue()
    ctx.count('characters', input.length)
    ctx.note({ voice, speed, format, characters: input.length, input })
    res.writeHead(200, { 'content-type': CONTENT_TYPES[format], 'content-length': audio.length })
    res.end(audio)
  }
  const server = await startFakeServer({
    name: 'tts',
    port,
    delayMs,
    delayOverlapsWork: true,
    handler: handle,
    admin: knobsAdmin('/__voice', { current: () => ({ knobs }), set: (body) => void (knobs = { ...(body as TtsVoiceKnobs) }), clear: () => void (knobs = {}) }),
  })
  return Object.assign(server, { setKnobs: (next: TtsVoiceKnobs) => void (knobs = { ...next }) })
}

export type TtsFakeServer = FakeServer & { setKnobs(knobs: TtsVoiceKnobs): void }
