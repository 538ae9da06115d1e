// Every format a part may be streamed in is on time: the same 3-minute recording streamed with tus
// as Ogg Opus, ADTS AAC, MP3 (no Xing header, as the browser writes it) and WAV is transcribed
// while it arrives, and each format's first word comes within 100 ms of the Ogg one's (the start
// of a stream is never lost to ffmpeg's probing, which would make every cue early).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { db } from '@/lib/db'
import { ffmpegPath } from '@/lib/media/binaries'
import { grantPoints } from '@/lib/points'
import { parseTime } from '@/lib/subtitles'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { sendPart } from '@/test/send-part'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { speechUploadSetup } from '@/test/task-setup'
import { runTask } from '../pipeline'

const { dir, server } = await speechUploadSetup('streamed-formats')
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, transcription: { retry: { attempts: 3, delayMs: 5 } } }
const MIN = 60_000

const SENTENCES = [
  { text: 'The first words of the recording.', atMs: 4_000 },
  { text: 'Something said in the middle.', atMs: 90_000 },
  { text: 'And the last sentence.', atMs: 170_000 },
]

/** How each format is made from the 16 kHz WAV: the codecs and rates a browser's source files have. */
const ENCODINGS = {
  ogg: ['-c:a', 'libopus', '-b:a', '16k', '-f', 'ogg'],
  adts: ['-ar', '48000', '-c:a', 'aac', '-b:a', '48k', '-f', 'adts'],
  mp3: ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '48k', '-write_xing', '0', '-f', 'mp3'],
} as const

type Format = keyof typeof ENCODINGS | 'wav'
const files = {} as Record<Format, string>
let placed: PlacedSpeech[]
let oggStarts: number[]

/** The recording in `format` streamed as one part while its task is transcribed: its cues' starts. */
async function cueStarts(format: Format): Promise<number[]> {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: 100, key: `grant:${made.user.id}` })
  const part = sendPart(server.url, files[format], { token: made.token })
  const form = new FormData()
  for (const [name, value] of Object.entries({ parts: await part.id, durationMs: String(3 * MIN), sourceLanguage: 'en' })) form.append(name, value)
  const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: made.auth, raw: form }), ctx()))
  expect(created.status, created.msg).toBe(200)
  const [outcome] = await Promise.all([runTask({ taskId: created.data.id, ...PIPELINE }), part.done])
  expect(outcome).toBe('completed')
  const segments = await db.segment.findMany({ where: { taskId: created.data.id }, orderBy: { index: 'asc' } })
  return segments.map((s) => parseTime(s.startTime)!)
}

beforeAll(async () => {
  files.wav = path.join(dir, 'talk.wav')
  placed = await makeRecording({ sentences: SENTENCES, totalMs: 3 * MIN, file: files.wav, format: 'wav', wavRate: 16_000 })
  const ffmpeg = await ffmpegPath()
  for (const [format, args] of Object.entries(ENCODINGS)) {
    files[format as Format] = path.join(dir, `talk.${format}`)
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', files.wav, ...args, files[format as Format]])
  }
  oggStarts = await cueStarts('ogg')
  expect(oggStarts).toHaveLength(SENTENCES.length)
  expect(Math.abs(oggStarts[0] - placed[0].startMs)).toBeLessThanOrEqual(250)
}, 180_000)

describe('a part streamed in each format the server takes', () => {
  it.each(['adts', 'mp3', 'wav'] as const)('puts the first word of a %s stream within 100 ms of the Ogg one', async (format) => {
    const starts = await cueStarts(format)
    expect(starts).toHaveLength(oggStarts.length)
    expect(Math.abs(starts[0] - oggStarts[0])).toBeLessThanOrEqual(100)
    starts.forEach((start, i) => expect(Math.abs(start - oggStarts[i]), `cue ${i + 1}`).toBeLessThanOrEqual(100))
  }, 120_000)
})
