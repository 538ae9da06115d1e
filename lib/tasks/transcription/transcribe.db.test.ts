// Speech to timed subtitles against real speech (espeak-ng) and the speech-to-text fake: the cues
// land within 250 ms of where the speech really is, obey the timed-text rules, and the balance
// drops by the documented cost exactly once, also when the worker dies mid-way.
import { existsSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { NextRequest } from 'next/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { STT_MAX_BYTES } from '@/fakes/stt'
import { POST as estimateRoute } from '@/app/api/tasks/transcribe/estimate/route'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { GET as audioRoute } from '@/app/api/tasks/[id]/audio/route'
import { DELETE as deleteRoute, GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { checkCues } from '@/lib/captions'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { parseTime } from '@/lib/subtitles'
import { buildRequest, ctx, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording, type PlacedSpeech } from '@/test/speech-audio'
import { clearPauses } from '@/lib/provider-calls'
import { endWithoutSpeech } from '../pipeline/no-speech'
import { runTask } from '../pipeline'
import { ledgerOf, speechSetup } from '@/test/task-setup'

const { stt, deepseek, dir } = await speechSetup('transcribe', { env: { STT_CONCURRENCY: '4' } })

const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, fit: false, transcription: { retry: { attempts: 3, delayMs: 5 } } }

const SENTENCES = [
  { text: 'Good morning and welcome to the studio.', atMs: 1200 },
  { text: 'Today we are making subtitles from speech.', atMs: 6500 },
  { text: 'Every sentence gets a cue of its own.', atMs: 12_000 },
  { text: 'Thank you for watching.', atMs: 17_300 },
]
let short: { file: string; placed: PlacedSpeech[] }

beforeAll(async () => {
  const file = path.join(dir, 'talk.ogg')
  short = { file, placed: await makeRecording({ sentences: SENTENCES, totalMs: 21_000, file }) }
}, 60_000)


async function upload(route: (req: NextRequest, context: ReturnType<typeof ctx>) => Promise<Response>, url: string, auth: Record<string, string>, file: string, fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  // A file-backed Blob: the test sends 173 MB as a browser would, without reading it into memory.
  form.append('file', await openAsBlob(file), path.basename(file))
  return readAnswer(await route(buildRequest(url, { headers: auth, raw: form }), ctx()))
}

async function fundedUser(points: number) {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return made
}

async function cuesOf(taskId: string) {
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return rows.map((r) => ({ startMs: parseTime(r.startTime)!, endMs: parseTime(r.endTime)!, text: r.originalText, translatedText: r.translatedText, translatedBy: r.translatedBy }))
}

/** Each spoken sentence has one cue starting and ending within 250 ms of its sound. */
function expectOnSpeech(cues: { startMs: number; endMs: number }[], placed: PlacedSpeech[]) {
  for (const speech of placed) {
    const cue = cues.find((c) => Math.abs(c.startMs - speech.startMs) <= 250)
    expect(cue, `a cue at ${speech.startMs} ms (${speech.text})`).toBeDefined()
    expect(Math.abs(cue!.endMs - speech.endMs)).toBeLessThanOrEqual(250)
  }
}

describe('a recording to subtitles', () => {
  it('estimates from the decoded length, transcribes and translates: one cue per sentence on the speech, charged once', async () => {
    const { user, auth } = await fundedUser(100)
    const estimate = await upload(estimateRoute, '/api/tasks/transcribe/estimate', auth, short.file, { targetLanguage: 'fr' })
    expect(estimate.status).toBe(200)
    expect(estimate.data).toMatchObject({ kind: 'transcription', format: 'ogg', codec: 'opus', cost: 20, costs: { transcribe: 10, transcribeAndTranslate: 20 }, chunks: 1 })
    expect(Math.abs(estimate.data.durationMs - 21_000)).toBeLessThan(100)

    const form = new FormData()
    form.append('uploadId', estimate.data.uploadId)
    form.append('targetLanguage', 'fr')
    const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: form }), ctx()))
    expect(created.status).toBe(200)
    const task = created.data
    expect(task).toMatchObject({ kind: 'transcription', stage: 'transcribing', status: 'translating', cost: 20, targetLanguage: 'fr', hasAudio: true })
    expect(await getBalance({ userId: user.id })).toBe(80)

    expect(await runTask({ taskId: task.id, ...PIPELINE })).toBe('completed')
    const cues = await cuesOf(task.id)
    expect(cues).toHaveLength(SENTENCES.length)
    expectOnSpeech(cues, short.placed)
    expect(checkCues(cues, 'en')).toEqual([])
    for (const cue of cues) {
      expect(cue.text).toMatch(/^Sandbox speech( [a-z]+)*\.$/)
      expect(cue.translatedText).toBe(`[fr] ${cue.text}`)
    }
    const done = await readAnswer(await taskRoute(buildRequest(`/api/tasks/${task.id}?segments=0`, { method: 'GET', headers: auth }), ctx({ id: task.id })))
    expect(done.data.task ?? done.data).toMatchObject({ status: 'completed', stage: null, chunksDone: 1, chunksTotal: 1, originalLanguage: 'en' })
    expect(await getBalance({ userId: user.id })).toBe(80)
    expect(await ledgerOf(task.id)).toEqual([['reserve', -20], ['capture', 0]])
    // The spoken language went with the request; the glossary hints too when there are some.
    expect(stt.stats.log.at(-1)?.data).toMatchObject({ language: null, model: 'whisper-1' })

    // The editor's player fetches the recording, by byte ranges.
    const whole = await audioRoute(buildRequest(`/api/tasks/${task.id}/audio`, { method: 'GET', headers: auth }), ctx({ id: task.id }))
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/ogg')
    expect(Buffer.from(await whole.arrayBuffer()).equals(readFileSync(short.file))).toBe(true)
    const part = await audioRoute(buildRequest(`/api/tasks/${task.id}/audio`, { method: 'GET', headers: { ...auth, range: 'bytes=0-99' } }), ctx({ id: task.id }))
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${readFileSync(short.file).length}`)

    // Deleting the task deletes its recording too.
    const stored = (await db.task.findUniqueOrThrow({ where: { id: task.id } })).audioKey!
    expect(existsSync(path.join(process.env.STORAGE_DIR!, stored))).toBe(true)
    expect((await readAnswer(await deleteRoute(buildRequest(`/api/tasks/${task.id}`, { method: 'DELETE', headers: auth }), ctx({ id: task.id })))).status).toBe(200)
    expect(existsSync(path.join(process.env.STORAGE_DIR!, stored))).toBe(false)
  })

  it('transcribes alone: the transcript is the task\'s text, 10 points a started minute', async () => {
    const { user, auth } = await fundedUser(10)
    const created = await upload(transcribeRoute, '/api/tasks/transcribe', auth, short.file, { sourceLanguage: 'en' })
    expect(created.data).toMatchObject({ cost: 10, targetLanguage: 'en', kind: 'transcription' })
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    const cues = await cuesOf(created.data.id)
    expect(cues.every((c) => c.translatedText === c.text && c.translatedBy === 'speech')).toBe(true)
    expect(stt.stats.log.at(-1)?.data).toMatchObject({ language: 'en' })
    expect(await getBalance({ userId: user.id })).toBe(0)
  })

  it('refuses what is not audio with 40000 and a clear message, in the caller\'s language', async () => {
    const { auth } = await fundedUser(100)
    const text = path.join(dir, 'notes.srt')
    writeFileSync(text, '1\n00:00:01,000 --> 00:00:02,000\nHello\n')
    for (const [route, url] of [[estimateRoute, '/api/tasks/transcribe/estimate'], [transcribeRoute, '/api/tasks/transcribe']] as const) {
      const en = await upload(route, url, auth, text)
      expect(en).toMatchObject({ status: 400, code: 40000, msg: 'this file has no sound we can read; please choose an audio recording or a video' })
      const zh = await upload(route, url, { ...auth, 'x-locale': 'zh-CN' }, text)
      expect(zh.msg).toBe('无法从这个文件中读取声音，请选择音频录音或视频')
    }
    const empty = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: new FormData() }), ctx()))
    expect(empty).toMatchObject({ status: 400, code: 40000 })
  })

  it('refuses more than 200 MB before reading it, and an expired upload id', async () => {
    const { auth } = await fundedUser(100)
    const big = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * 1024 * 1024) }, raw: '--x--' }), ctx()))
    expect(big).toMatchObject({ status: 413, code: 41300, msg: 'the audio is too large (200 MB at most)' })
    const form = new FormData()
    form.append('uploadId', 'A'.repeat(24))
    expect(await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: form }), ctx()))).toMatchObject({ status: 404, code: 40400 })
  })

  it('sends the user\'s glossary terms as spelling hints', async () => {
    const { user, auth } = await fundedUser(10)
    await db.glossaryEntry.create({ data: { userId: user.id, term: 'Kenji', translation: '健二', targetLanguage: 'ja', sourceLanguage: 'en' } })
    await db.glossaryEntry.create({ data: { userId: user.id, term: 'Subtitle Studio', translation: '字幕工作室', targetLanguage: 'zh-CN' } })
    const created = await upload(transcribeRoute, '/api/tasks/transcribe', auth, short.file, { sourceLanguage: 'en' })
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    expect(stt.stats.log.at(-1)?.data).toMatchObject({ language: 'en', prompt: 'Kenji, Subtitle Studio' })
  })

  it('refuses a recording when the balance is short, and keeps nothing', async () => {
    const { user, auth } = await fundedUser(5)
    const refused = await upload(transcribeRoute, '/api/tasks/transcribe', auth, short.file)
    expect(refused).toMatchObject({ status: 402, code: 40200 })
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
  })

  it('pauses on a 429 from the provider and resumes', async () => {
    clearPauses()
    const { auth } = await fundedUser(10)
    const created = await upload(transcribeRoute, '/api/tasks/transcribe', auth, short.file)
    stt.resetStats()
    stt.faults.set({ kind: '429', times: 1, retryAfterMs: 1000 })
    const started = Date.now()
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(stt.stats.log.map((r) => r.status)).toEqual([429, 200])
    expect(await cuesOf(created.data.id)).toHaveLength(SENTENCES.length)
  })
})

describe('a 3-hour recording', () => {
  // 2:41:07 and a few others, on 3 hours of silence (8 kHz WAV, 173 MB: made in seconds, sent streamed).
  const LONG = [
    { text: 'The first sentence opens the recording.', atMs: 5_000 },
    { text: 'This one is spoken near the end of the first chunk.', atMs: 9 * 60_000 + 50_000 },
    { text: 'A sentence in the middle of the afternoon.', atMs: 95 * 60_000 },
    { text: 'Here is the sentence spoken at two forty one.', atMs: (2 * 3600 + 41 * 60 + 7) * 1000 },
    { text: 'And the very last words.', atMs: 3 * 3600_000 - 10_000 },
  ]

  it('is cut into chunks of at most 25 MB whose words land at their true offsets, charged once though the worker dies mid-way', async () => {
    clearPauses()
    const file = path.join(dir, 'long.wav')
    const placed = await makeRecording({ sentences: LONG, totalMs: 3 * 3600_000, file, format: 'wav' })
    const { user, auth } = await fundedUser(1800)
    const created = await upload(transcribeRoute, '/api/tasks/transcribe', auth, file, { sourceLanguage: 'en' })
    expect(created.data).toMatchObject({ cost: 1800, audioDurationMs: 3 * 3600_000 })
    const taskId = created.data.id
    stt.resetStats()

    // The worker dies after its third chunk is saved.
    let saved = 0
    const crash = { ...PIPELINE, transcription: { ...PIPELINE.transcription, concurrency: 1, onChunkSaved: () => { if (++saved === 3) throw new Error('worker killed') } } }
    await expect(runTask({ taskId, ...crash })).rejects.toThrow('worker killed')
    const before = stt.stats.requests
    expect(before).toBe(3)
    expect((await db.task.findUniqueOrThrow({ where: { id: taskId } })).chunksDone).toBe(3)

    // Run again, as pg-boss does: the chunks already transcribed are not sent again.
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.chunksTotal).toBeGreaterThanOrEqual(18)
    expect(stt.stats.requests).toBe(task.chunksTotal)
    for (const record of stt.stats.log) expect((record.data as { bytes: number }).bytes).toBeLessThanOrEqual(STT_MAX_BYTES)

    const cues = await cuesOf(taskId)
    expect(cues).toHaveLength(LONG.length)
    expectOnSpeech(cues, placed)
    expect(cues.find((c) => Math.abs(c.startMs - 9_667_000) < 1000)).toBeDefined()
    expect(checkCues(cues, 'en')).toEqual([])
    expect(await getBalance({ userId: user.id })).toBe(0)
    expect(await db.pointEntry.count({ where: { taskId, reason: 'reserve' } })).toBe(1)
    rmSync(file, { force: true })
  }, 600_000)
})

describe('a recording in which no speech is found', () => {
  it('ends "no speech found", not completed with no cues: its points released once, nothing translated', async () => {
    clearPauses()
    const file = path.join(dir, 'room-tone.ogg')
    // Just under 2 minutes: the encoder's padding past a whole minute is priced by another item (11).
    await makeRecording({ sentences: [], totalMs: 2 * 60_000 - 1000, file, opusRate: 16_000, encoderArgs: ['-compression_level', '0'] })
    const { user, auth } = await fundedUser(40)
    const created = await upload(transcribeRoute, '/api/tasks/transcribe', auth, file, { sourceLanguage: 'en', targetLanguage: 'fr' })
    expect(created.status, created.msg).toBe(200)
    expect(created.data).toMatchObject({ cost: 40, status: 'translating', stage: 'transcribing' })
    expect(await getBalance({ userId: user.id })).toBe(0)
    const translations = deepseek.stats.requests

    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('no_speech')
    const answer = await readAnswer(await taskRoute(buildRequest(`/api/tasks/${created.data.id}`, { method: 'GET', headers: auth }), ctx({ id: created.data.id })))
    expect(answer.data.task ?? answer.data).toMatchObject({ status: 'no_speech', stage: null, error: null })
    expect(await db.segment.count({ where: { taskId: created.data.id } })).toBe(0)
    expect(deepseek.stats.requests).toBe(translations)
    expect(await getBalance({ userId: user.id })).toBe(40)

    // A worker that runs the job again (pg-boss retries) changes nothing and releases nothing twice.
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('skipped')
    expect(await endWithoutSpeech(created.data.id)).toBe(false)
    expect(await ledgerOf(created.data.id)).toEqual([['reserve', -40], ['release', 40]])
    expect(await getBalance({ userId: user.id })).toBe(40)
  }, 300_000)
})
