// A task that ends unfinished is charged for what a provider was paid for (docs/billing.md,
// "Deleted or failed"): a recording deleted after its words were read costs the sound the speech
// provider heard; a recording whose parts are WAV is joined as WAV and completes; one that fails
// after it was transcribed keeps the transcription's charge; failing to keep the recording for the
// player fails nothing; one deleted while its recording is being kept leaves no recording behind.
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { Upload } from 'tus-js-client'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as transcribeRoute } from '@/app/api/tasks/transcribe/route'
import { DELETE as deleteRoute } from '@/app/api/tasks/[id]/route'
import { GET as wordsRoute } from '@/app/api/tasks/[id]/words/route'
import { db } from '@/lib/db'
import { readAudioHeader } from '@/lib/media'
import { getBalance, grantPoints } from '@/lib/points'
import { appStorage } from '@/lib/storage/app-storage'
import type { StorageDriver } from '@/lib/storage'
import { billedMinutes } from '@/lib/transcribe'
import { createDeepSeekProvider } from '@/lib/translate/providers/deepseek'
import { buildRequest, ctx, jsonRequest, makeUser, readAnswer } from '@/test/route-harness'
import { makeRecording } from '@/test/speech-audio'
import { fullDiskStorage as fullDisk, ledgerOf, speechUploadSetup } from '@/test/task-setup'
import { streamSource } from '@/test/upload-server'
import { runTask } from '../pipeline'

const { stt, deepseek, dir, server } = await speechUploadSetup('unfinished')
const PIPELINE = { retry: { attempts: 2, delayMs: 5 }, resumeDelayMs: 5, resumePasses: 0, fit: false }
const SECOND = 1000

let recording: string
const wavParts: string[] = []

beforeAll(async () => {
  recording = path.join(dir, 'three-minutes.ogg')
  await makeRecording({
    sentences: [
      { text: 'The first sentence opens the recording.', atMs: 10 * SECOND },
      { text: 'A sentence in the middle of the recording.', atMs: 100 * SECOND },
      { text: 'And the very last words.', atMs: 160 * SECOND },
    ],
    totalMs: 180 * SECOND,
    file: recording,
    opusRate: 16_000,
    encoderArgs: ['-compression_level', '0'],
  })
  // Two WAV parts of 90 s each, as a client that sends PCM would upload them.
  for (const [i, text] of ['Words spoken in the first part.', 'Words spoken in the second part.'].entries()) {
    const file = path.join(dir, `part-${i}.wav`)
    await makeRecording({ sentences: [{ text, atMs: 20 * SECOND }], totalMs: 90 * SECOND, file, format: 'wav', wavRate: 16_000 })
    wavParts.push(file)
  }
}, 180_000)

/** Uploads a file as one part of a recording with tus, its length declared at the end, as the browser does. */
function sendPart(file: string, token: string, { part = 0, startMs = 0 } = {}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(Buffer.alloc(0), {
      fileReader: { openFile: async () => streamSource(createReadStream(file, { highWaterMark: 64 * 1024 })) } as never,
      endpoint: `${server.url}/api/uploads`,
      chunkSize: 256 * 1024,
      uploadLengthDeferred: true,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: path.basename(file), part: String(part), startMs: String(startMs) },
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: reject,
    })
    upload.start()
  })
}

async function funded(points: number) {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return made
}

async function createTask(auth: Record<string, string>, parts: string[], durationMs: number, fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ parts: parts.join(','), durationMs: String(durationMs), sourceLanguage: 'en', ...fields })) form.append(name, value)
  const created = await readAnswer(await transcribeRoute(buildRequest('/api/tasks/transcribe', { headers: auth, raw: form }), ctx()))
  expect(created.status, created.msg).toBe(200)
  return created.data as { id: string; cost: number }
}


/** Transcription in two chunks of 90 s, one at a time, with `then` run once the first is saved. */
const afterFirstChunk = (then: () => Promise<void>) => ({
  retry: { attempts: 2, delayMs: 5 },
  chunkTargetMs: 90 * SECOND,
  concurrency: 1,
  onChunkSaved: async (index: number) => {
    if (index === 0) await then()
  },
})

async function deleteTask(taskId: string, auth: Record<string, string>) {
  const deleted = await readAnswer(await deleteRoute(jsonRequest('DELETE', `/api/tasks/${taskId}`, auth), ctx({ id: taskId })))
  expect(deleted.code).toBe(20000)
}

describe('a recording deleted while it is transcribed', () => {
  it('costs the started minutes of the sound the provider heard, and gives back only the rest', async () => {
    stt.resetStats()
    const { user, token, auth } = await funded(100)
    const task = await createTask(auth, [await sendPart(recording, token)], 180 * SECOND)
    // Transcription alone: 10 points a started minute, 3 minutes.
    expect(task.cost).toBe(30)
    let words: unknown[] = []
    const run = runTask({
      taskId: task.id,
      ...PIPELINE,
      // The first chunk's words are read, then the task is deleted: the rest is never sent.
      transcription: afterFirstChunk(async () => {
        words = (await readAnswer(await wordsRoute(jsonRequest('GET', `/api/tasks/${task.id}/words`, auth), ctx({ id: task.id })))).data
        await deleteTask(task.id, auth)
      }),
    })
    const outcome = await run.catch((error: unknown) => error)

    expect(words.length).toBeGreaterThan(0)
    // The first chunk was heard; the second may have left before the delete (its slot frees as the
    // first answers), and is then charged too. The recording's end was never sent.
    const heardSeconds = stt.stats.counters.audioSeconds
    expect(heardSeconds).toBeGreaterThan(60)
    expect(heardSeconds).toBeLessThan(170)
    const charged = 10 * billedMinutes(heardSeconds * SECOND)
    expect(charged).toBeLessThanOrEqual(30)
    expect(await getBalance({ userId: user.id })).toBe(100 - charged)
    expect(await ledgerOf(task.id)).toEqual([
      ['reserve', -30],
      ['release', 30 - charged],
    ])
    // The worker noticed the task was gone and stopped, sending nothing more.
    expect(outcome).toBe('skipped')
  }, 120_000)
})

describe('a recording uploaded as WAV parts', () => {
  async function wavTask(points: number, fields: Record<string, string>) {
    const made = await funded(points)
    const parts = [await sendPart(wavParts[0], made.token, { part: 0, startMs: 0 }), await sendPart(wavParts[1], made.token, { part: 1, startMs: 90 * SECOND })]
    return { ...made, task: await createTask(made.auth, parts, 180 * SECOND, fields) }
  }

  it('is joined as WAV for the player and completes, charged once', async () => {
    stt.resetStats()
    const { user, task } = await wavTask(100, { targetLanguage: 'ja', service: 'deepseek' })
    // Transcribed and translated: 20 points a started minute, 3 minutes.
    expect(task.cost).toBe(60)
    expect(await runTask({ taskId: task.id, ...PIPELINE, transcription: { retry: { attempts: 2, delayMs: 5 } } })).toBe('completed')
    const done = await db.task.findUniqueOrThrow({ where: { id: task.id } })
    expect(done.audioKey).toBe(`audio/${task.id}.wav`)
    const header = await readAudioHeader(path.join(dir, 'storage', done.audioKey!))
    expect(header).toMatchObject({ format: 'wav', codec: 'pcm_s16le' })
    expect(Math.abs(header!.headerDurationMs! - 180 * SECOND)).toBeLessThan(100)
    expect(await db.segment.count({ where: { taskId: task.id } })).toBe(2)
    expect(await ledgerOf(task.id)).toEqual([
      ['reserve', -60],
      ['capture', 0],
    ])
    expect(await getBalance({ userId: user.id })).toBe(40)
  }, 120_000)

  it('deleted while its recording is being kept for the player: the run stops, waits for the keeping, and leaves no recording behind', async () => {
    const { auth, task } = await wavTask(100, {})
    const local = appStorage()
    // The joined recording reaches the store only once the task is gone.
    let keepingStarted!: () => void
    const isKeeping = new Promise<void>((resolve) => (keepingStarted = resolve))
    let deleted!: () => void
    const isDeleted = new Promise<void>((resolve) => (deleted = resolve))
    const storage: StorageDriver = {
      ...local,
      putFile: async (key, file, opts) => {
        if (key.startsWith('audio/')) {
          keepingStarted()
          await isDeleted
        }
        return local.putFile(key, file, opts)
      },
    }
    const outcome = await runTask({
      taskId: task.id,
      ...PIPELINE,
      storage,
      transcription: afterFirstChunk(async () => {
        await isKeeping
        await deleteTask(task.id, auth)
        deleted()
      }),
    })
    expect(outcome).toBe('skipped')
    expect(await local.size(`audio/${task.id}.wav`)).toBeNull()
  }, 120_000)

  it('completes when the recording cannot be stored for the player: the transcription was delivered and is charged', async () => {
    const { user, task } = await wavTask(100, {})
    expect(await runTask({ taskId: task.id, ...PIPELINE, storage: fullDisk, transcription: { retry: { attempts: 2, delayMs: 5 } } })).toBe('completed')
    const done = await db.task.findUniqueOrThrow({ where: { id: task.id } })
    expect(done).toMatchObject({ status: 'completed', audioKey: null })
    expect(await db.segment.count({ where: { taskId: task.id } })).toBe(2)
    expect(await getBalance({ userId: user.id })).toBe(100 - 30)
  }, 120_000)

  it('keeps the transcription charge when it fails after transcription (its translation refused for good)', async () => {
    stt.resetStats()
    const { user, auth, task } = await wavTask(100, { targetLanguage: 'ja', service: 'deepseek' })
    const refused = () => createDeepSeekProvider({ baseUrl: deepseek.url, apiKey: 'sk-revoked', model: 'deepseek-flash' })
    const outcome = await runTask({ taskId: task.id, ...PIPELINE, provider: refused, fallbacks: () => [], transcription: { retry: { attempts: 2, delayMs: 5 } } })
    expect(outcome).toBe('failed')
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ status: 'failed' })
    const heardSeconds = stt.stats.counters.audioSeconds
    expect(heardSeconds).toBeGreaterThan(170)
    // Every second heard (3 started minutes of transcription, 30 points), nothing translated: the translation's 30 go back.
    expect(await getBalance({ userId: user.id })).toBe(100 - 30)
    expect(await ledgerOf(task.id)).toEqual([
      ['reserve', -60],
      ['release', 30],
    ])
    // Deleting the failed task changes nothing: it was settled when it failed.
    expect((await readAnswer(await deleteRoute(jsonRequest('DELETE', `/api/tasks/${task.id}`, auth), ctx({ id: task.id })))).code).toBe(20000)
    expect(await getBalance({ userId: user.id })).toBe(100 - 30)
  }, 120_000)
})
