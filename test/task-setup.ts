import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startSttFake, type SttFakeServer } from '@/fakes/stt'
import { db } from '@/lib/db'
import type { StorageDriver } from '@/lib/storage'
import type { FakeServer } from '@/fakes/server'
import { stopBoss } from '@/lib/jobs/boss'
import { startTaskWorkers, type WorkerOptions, type Workers } from '@/lib/jobs/worker'
import { grantPoints } from '@/lib/points'
import { createTask, runTask, type Enqueue } from '@/lib/tasks'
import { buildSrt, ctx, makeUser, multipart } from './route-harness'
import { serveUploads } from './upload-server'

// What a database test of tasks sets up before its first test: the DeepSeek fake and a storage
// folder of its own in the environment the app reads, and, when the test needs them, task workers
// that poll fast and retry without waiting. All of it is taken down after the file's tests. And
// a task to run, as a new user's.

/** The task pipeline's waits, shortened: three retries 5 ms apart, a resumed pass after 20 ms. */
export const FAST_PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20 }

export type DeepSeekSetup = { key: string; fake: FakeServer; storageDir: string }

/**
 * Starts the DeepSeek fake (key `sk-{name}-test`) and a temp storage folder, sets them with `env`
 * in process.env, and closes both after the file's tests; `stopsBoss` stops this process's
 * pg-boss first (a route queued jobs through it).
 */
export async function deepSeekSetup(name: string, { delayMs, env = {}, stopsBoss = false }: { delayMs?: number; env?: Record<string, string>; stopsBoss?: boolean } = {}): Promise<DeepSeekSetup> {
  const key = `sk-${name}-test`
  const fake = await startDeepSeekFake({ apiKey: key, delayMs })
  const storageDir = mkdtempSync(path.join(tmpdir(), `ss-${name}-`))
  Object.assign(process.env, { DEEPSEEK_API_KEY: key, DEEPSEEK_BASE_URL: fake.url, STORAGE_DIR: storageDir, ...env })
  afterAll(async () => {
    if (stopsBoss) await stopBoss()
    await fake.close()
    rmSync(storageDir, { recursive: true, force: true })
  })
  return { key, fake, storageDir }
}

/** Task workers for a test: two tasks at once, polling every half second, supervised every second; stopped after the file's tests. */
export async function startTestWorkers(options: WorkerOptions = {}): Promise<Workers> {
  const workers = await startTaskWorkers({ tasksAtOnce: 2, pollingIntervalSeconds: 0.5, boss: { superviseIntervalSeconds: 1, heartbeatSeconds: 10 }, pipeline: FAST_PIPELINE, ...options })
  afterAll(() => workers.stop({ timeoutMs: 2000 }))
  return workers
}

/**
 * A new user's task (the user granted `points`): `cues` English lines into Japanese with DeepSeek,
 * created as the routes create it but with its job handed to `enqueue` (by default none is
 * queued: the test runs the task, or loses it, itself).
 */
export async function taskOfNewUser({ points = 100, cues = 12, fileName = 'x.srt', enqueue = async () => {} }: { points?: number; cues?: number; fileName?: string; enqueue?: Enqueue } = {}) {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: points, key: `g:${owner.user.id}` })
  const task = await createTask({
    userId: owner.user.id,
    upload: { fileName, bytes: new TextEncoder().encode(buildSrt(cues)) },
    fields: { sourceLanguage: 'en', targetLanguage: 'ja', service: 'deepseek', includeOriginalText: false, batchSize: undefined },
    enqueue,
  })
  return { ...owner, taskId: task.id }
}

/**
 * A new user's task (the user granted 1000 points) made as a browser makes it, through
 * POST /api/tasks: the file `name` holding `body`, from English into `targetLanguage` with DeepSeek;
 * then, unless `run` is false, run here to completion without retries or the fit pass.
 */
export async function routedTaskOfNewUser({ name = 'film.srt', body = buildSrt(4), targetLanguage = 'ja', run = true }: { name?: string; body?: string; targetLanguage?: string; run?: boolean } = {}) {
  const { POST: createRoute } = await import('@/app/api/tasks/route')
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: 1000, key: `g:${owner.user.id}` })
  const res = await createRoute(multipart('/api/tasks', owner.auth, { name, body }, { targetLanguage, service: 'deepseek', sourceLanguage: 'en' }), ctx())
  const taskId = (await res.json()).data.id as string
  if (run) expect(await runTask({ taskId, retry: { attempts: 0, delayMs: 1 }, fit: false })).toBe('completed')
  return { owner, taskId }
}

/** A task's ledger entries as [reason, points], oldest first. */
export async function ledgerOf(taskId: string): Promise<[string, number][]> {
  const entries = await db.pointEntry.findMany({ where: { taskId }, orderBy: { createdAt: 'asc' } })
  return entries.map((e) => [e.reason, e.delta])
}

/**
 * The ledger of a task that failed, was retried and completed: reserved, released but for what the
 * failed run's work cost (`kept`, docs/billing.md), the rest reserved again, captured once.
 */
export const retriedThenCaptured = (cost: number, kept = 0): [string, number][] => [
  ['reserve', -cost],
  ['release', cost - kept],
  ['reserve', kept - cost],
  ['capture', 0],
]

export type SpeechSetup = { stt: SttFakeServer; deepseek: FakeServer; deepseekKey: string; dir: string }

/**
 * For a database test of recordings: the speech-to-text fake (key `sk-stt-{name}`) and the
 * DeepSeek fake (for a transcript translated), set with `env` in process.env, and a temp folder `dir`
 * (storage in `dir/storage`, the test's recordings beside it). After the file's tests pg-boss is
 * stopped, the fakes closed and the folder removed (within `teardownMs`).
 */
export async function speechSetup(name: string, { env = {}, teardownMs }: { env?: Record<string, string>; teardownMs?: number } = {}): Promise<SpeechSetup> {
  const deepseekKey = `sk-deepseek-${name}`
  const stt = await startSttFake({ apiKey: `sk-stt-${name}` })
  const deepseek = await startDeepSeekFake({ apiKey: deepseekKey })
  const dir = mkdtempSync(path.join(tmpdir(), `ss-${name}-`))
  Object.assign(process.env, {
    STT_API_KEY: `sk-stt-${name}`,
    STT_BASE_URL: stt.url,
    DEEPSEEK_API_KEY: deepseekKey,
    DEEPSEEK_BASE_URL: deepseek.url,
    STORAGE_DIR: path.join(dir, 'storage'),
    ...env,
  })
  afterAll(async () => {
    await stopBoss()
    await Promise.all([stt.close(), deepseek.close()])
    rmSync(dir, { recursive: true, force: true })
  }, teardownMs)
  return { stt, deepseek, deepseekKey, dir }
}

/**
 * speechSetup for recordings sent in parts with tus: uploads kept in `dir/uploads`, and the upload
 * routes served on `server` (closed after the file's tests).
 */
export async function speechUploadSetup(name: string, options: { env?: Record<string, string>; teardownMs?: number } = {}) {
  const setup = await speechSetup(name, options)
  process.env.UPLOAD_DIR = path.join(setup.dir, 'uploads')
  const server = await serveUploads()
  afterAll(() => server.close())
  return { ...setup, server }
}

/** A storage that keeps nothing: the disk is full. Reads find nothing, deletes succeed. */
export const fullDiskStorage: StorageDriver = {
  kind: 'local',
  put: async () => {
    throw new Error('disk full')
  },
  putFile: async () => {
    throw new Error('disk full')
  },
  get: async () => null,
  size: async () => null,
  stream: async () => null,
  delete: async () => {},
}
