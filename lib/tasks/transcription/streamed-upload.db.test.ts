// Issue 31: a recording uploaded with tus while it is transcribed. The connection is dropped twice
// in a 30-minute recording: the upload resumes where the server stopped (nothing sent whole again),
// no chunk goes to the provider twice, the price is captured once. A recording declared shorter
// than it is gets charged for what the server decoded, or, when the balance cannot pay, refused
// before any request to the provider.
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { parseTime } from '@/lib/subtitles'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { sendPart as sendTusPart } from '@/test/send-part'
import { speechUploadSetup } from '@/test/task-setup'
import { droppingRelay } from '@/test/upload-server'
import { runTask } from '../pipeline'

const { stt, dir, server } = await speechUploadSetup('stream', { env: { STT_CONCURRENCY: '4' } })
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, fit: false, transcription: { retry: { attempts: 3, delayMs: 5 } } }
const MIN = 60_000

const LONG = [
  { text: 'The first sentence opens the recording.', atMs: 20_000 },
  { text: 'A sentence in the middle of the recording.', atMs: 14 * MIN },
  { text: 'And the very last words.', atMs: 29 * MIN + 30_000 },
]
let long: { file: string; placed: PlacedSpeech[] }
let short: string

beforeAll(async () => {
  long = { file: path.join(dir, 'long.ogg'), placed: [] }
  // Mostly silence, encoded at the cheapest settings: 30 minutes made in seconds.
  long.placed = await makeRecording({ sentences: LONG, totalMs: 30 * MIN, file: long.file, opusRate: 16_000, encoderArgs: ['-compression_level', '0', '-frame_duration', '60'] })
  short = path.join(dir, 'short.ogg')
  await makeRecording({ sentences: [{ text: 'One sentence and then silence.', atMs: 3000 }], totalMs: 5 * MIN, file: short, opusRate: 16_000, encoderArgs: ['-compression_level', '0'] })
}, 180_000)

/** Sends a file as one part with tus, as the browser's workers produce it (test/send-part.ts). */
const sendPart = (endpoint: string, file: string, token: string) => sendTusPart(endpoint, file, { token })

async function createTask(auth: Record<string, string>, parts: string, durationMs: number) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ parts, durationMs: String(durationMs), sourceLanguage: 'en', targetLanguage: 'ja', service: 'deepseek', review: 'true' })) form.append(name, value)
  return readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: form }), ctx()))
}

async function funded(points: number) {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return made
}

const ledger = (taskId: string) => db.pointEntry.findMany({ where: { taskId }, orderBy: { createdAt: 'asc' }, select: { reason: true, delta: true } })

describe('a recording uploaded while it is transcribed', () => {
  it('survives two dropped connections: resumed where the server stopped, each chunk sent once, the price captured once', async () => {
    stt.resetStats()
    const size = statSync(long.file).size
    const relay = await droppingRelay(server.port, [Math.round(size * 0.3), Math.round(size * 0.7)])
    // 30 minutes transcribed and translated with the review pass: 30 × (10 + 10 + 5) points.
    const { user, token, auth } = await funded(750)
    const part = sendPart(relay.url, long.file, token)
    // The task is created (and its job run) while the part is still going up.
    const created = await createTask(auth, await part.id, 30 * MIN)
    expect(created.data).toMatchObject({ cost: 750 })
    const [outcome] = await Promise.all([runTask({ taskId: created.data.id, ...PIPELINE }), part.done])
    await relay.close()
    expect(outcome).toBe('completed')

    expect(relay.stats.drops).toBe(2)
    // Resumed, not restarted: at most a piece or two of it crossed twice.
    expect(relay.stats.sent).toBeLessThan(size + 3 * 256 * 1024 + 64 * 1024)
    const task = await db.task.findUniqueOrThrow({ where: { id: created.data.id } })
    expect(Math.abs(task.audioDurationMs! - 30 * MIN)).toBeLessThan(1000)
    const stored = readFileSync(path.join(dir, 'storage', task.audioKey!))
    expect(stored.equals(readFileSync(long.file))).toBe(true)

    const chunks = await db.transcriptChunk.findMany({ where: { taskId: task.id }, orderBy: { index: 'asc' } })
    expect(stt.stats.requests).toBe(chunks.length)
    expect(new Set(stt.stats.log.map((r) => (r.data as { fileName: string }).fileName)).size).toBe(chunks.length)
    const segments = await db.segment.findMany({ where: { taskId: task.id }, orderBy: { index: 'asc' } })
    expect(segments).toHaveLength(LONG.length)
    segments.forEach((s, i) => expect(Math.abs(parseTime(s.startTime)! - long.placed[i].startMs)).toBeLessThanOrEqual(250))
    expect(segments.every((s) => s.translatedText?.startsWith('[ja] '))).toBe(true)

    expect(await ledger(task.id)).toEqual([{ reason: 'reserve', delta: -750 }, { reason: 'capture', delta: 0 }])
    expect(await getBalance({ userId: user.id })).toBe(0)
  }, 300_000)
})

describe('a recording declared shorter than it is', () => {
  it('is charged for the length the server decoded, repriced before the sound past the declared length is sent', async () => {
    stt.resetStats()
    const { user, token, auth } = await funded(1000)
    const part = sendPart(server.url, short, token)
    // Declared 1 minute (25 points); it lasts 5 (125 points).
    const created = await createTask(auth, await part.id, MIN)
    expect(created.data).toMatchObject({ cost: 25 })
    const [outcome] = await Promise.all([runTask({ taskId: created.data.id, ...PIPELINE }), part.done])
    expect(outcome).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: created.data.id } })
    expect(task).toMatchObject({ cost: 125, reviewCost: 25, audioRefusedMs: null })
    expect(await ledger(task.id)).toEqual([{ reason: 'reserve', delta: -25 }, { reason: 'release', delta: 25 }, { reason: 'reserve', delta: -125 }, { reason: 'capture', delta: 0 }])
    expect(await getBalance({ userId: user.id })).toBe(875)
    // Every second of it was heard, once.
    expect(stt.stats.counters.audioSeconds).toBeGreaterThanOrEqual(299)
  }, 120_000)

  it('is refused before any request to the provider when the balance cannot pay for its real length', async () => {
    stt.resetStats()
    const { user, token, auth } = await funded(25)
    const part = sendPart(server.url, short, token)
    const created = await createTask(auth, await part.id, MIN)
    const [outcome] = await Promise.all([runTask({ taskId: created.data.id, ...PIPELINE }), part.done])
    expect(outcome).toBe('failed')
    expect(stt.stats.requests).toBe(0)
    expect(await ledger(created.data.id)).toEqual([{ reason: 'reserve', delta: -25 }, { reason: 'release', delta: 25 }])
    expect(await getBalance({ userId: user.id })).toBe(25)
  }, 120_000)
})
