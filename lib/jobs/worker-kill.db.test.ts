import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startMyMemoryFake } from '@/fakes/mymemory'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { POST as createRoute } from '@/app/api/tasks/route'
import { buildSrt, ctx, makeUser, multipart, waitFor } from '@/test/route-harness'
import { getBoss, startTaskWorkers, type Workers } from './index'

const KEY = 'sk-kill-test'
// Slow answers and one request at a time, so the child is killed well inside the task.
const fake = await startDeepSeekFake({ apiKey: KEY, delayMs: 60 })
const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-kill-'))
// The fallback service (MyMemory without a Google key) is a local fake too: no test reaches the internet.
const mymemory = await startMyMemoryFake()
Object.assign(process.env, { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: fake.url, MYMEMORY_BASE_URL: mymemory.url, STORAGE_DIR: storageDir })

// This process's pg-boss creates the queue (heartbeat 10 s, the minimum) and supervises every second.
await getBoss({ superviseIntervalSeconds: 1, heartbeatSeconds: 10, retryDelaySeconds: 1 })

let child: ChildProcess | undefined
let workers: Workers | undefined
afterAll(async () => {
  child?.kill('SIGKILL')
  await workers?.stop({ timeoutMs: 2000 })
  await fake.close()
  await mymemory.close()
  rmSync(storageDir, { recursive: true, force: true })
})

function startChildWorker(): ChildProcess {
  // `node --import tsx` keeps the worker in this one process (the tsx CLI would fork a second one).
  const proc = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, TRANSLATION_CONCURRENCY: '1', WORKER_POLL_SECONDS: '0.5', WORKER_SUPERVISE_SECONDS: '1', WORKER_HEARTBEAT_SECONDS: '10', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  proc.stderr?.on('data', (chunk) => process.stderr.write(`[worker child] ${chunk}`))
  return proc
}

describe('a worker killed mid-task', () => {
  it('is replaced and the task finishes, resumed, and charged once', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const res = await createRoute(multipart('/api/tasks', auth, { name: 'long.srt', body: buildSrt(300) }, { targetLanguage: 'ja', service: 'deepseek', batchSize: '10' }), ctx())
    const taskId = (await res.json()).data.id as string
    const { cost } = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)

    child = startChildWorker()
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    await waitFor(async () => (await db.task.findUnique({ where: { id: taskId } }))!.progress >= 20, { timeoutMs: 30_000, what: 'the child to translate a fifth' })
    child.kill('SIGKILL')
    await exited
    const atKill = await db.segment.count({ where: { taskId, translatedText: { not: null } } })
    const killed = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(killed).toMatchObject({ status: 'translating', runs: 1 })
    expect(atKill).toBeGreaterThanOrEqual(60)
    expect(atKill).toBeLessThan(300)

    // A replacement worker: pg-boss hands the job on once the dead worker's heartbeat lapses.
    workers = await startTaskWorkers({ pollingIntervalSeconds: 0.5, pipeline: { retry: { attempts: 3, delayMs: 5 }, fit: false } })
    const task = await waitFor(async () => {
      const t = await db.task.findUnique({ where: { id: taskId } })
      return t?.status === 'completed' ? t : null
    }, { timeoutMs: 40_000, what: 'the replacement worker to finish' })

    expect(task).toMatchObject({ progress: 100, runs: 2, pointsError: null, uploadError: null })
    const segments = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(segments.every((s) => s.translatedText === `[ja] Line number ${s.index}, a sentence to translate.`)).toBe(true)
    // Resumed, not restarted: only the batch in flight at the kill is sent twice.
    expect(fake.stats.counters.lines).toBeLessThanOrEqual(300 + 10)
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    const entries = await db.pointEntry.findMany({ where: { taskId } })
    expect(entries.map((e) => e.reason).sort()).toEqual(['capture', 'reserve'])
  }, 90_000)
})
