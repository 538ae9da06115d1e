import { mkdtempSync, rmSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { parseSrt } from '@/lib/subtitles'
import { POST as createRoute } from '@/app/api/tasks/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { PATCH as segmentRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { POST as retryRoute } from '@/app/api/tasks/[id]/retry/route'
import { ProviderError } from '@/lib/translate'
import { buildSrt, ctx, jsonRequest, makeUser, multipart, waitFor } from '@/test/route-harness'
import { runTask } from '@/lib/tasks'
import { startTaskWorkers } from '@/lib/jobs'
import { fullDiskStorage, ledgerOf, retriedThenCaptured, taskOfNewUser } from '@/test/task-setup'
import { scriptedProvider } from '@/test/provider-fakes'

const KEY = 'sk-pipeline-test'
const GOOGLE_KEY = 'g-pipeline-test'
const fake = await startDeepSeekFake({ apiKey: KEY })
// DeepSeek's fallback: Cloud Translation, keyed, on its fake.
const google = await startGoogleTranslateFake({ apiKey: GOOGLE_KEY })
const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-pipeline-'))
Object.assign(process.env, {
  DEEPSEEK_API_KEY: KEY,
  DEEPSEEK_BASE_URL: fake.url,
  GOOGLE_TRANSLATE_API_KEY: GOOGLE_KEY,
  GOOGLE_TRANSLATE_BASE_URL: google.url,
  STORAGE_DIR: storageDir,
  TRANSLATION_CONCURRENCY: '8',
})

// Small waits keep the suite fast; production waits 1000 ms between retries.
// fit: false: the fake's "[ja] <English>" lines would all be shortened (lib/tasks/fit-translations.db.test.ts covers that).
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20, fit: false }
const workers = await startTaskWorkers({ tasksAtOnce: 4, pollingIntervalSeconds: 0.5, boss: { superviseIntervalSeconds: 1, heartbeatSeconds: 10 }, pipeline: PIPELINE })

afterAll(async () => {
  await workers.stop({ timeoutMs: 2000 })
  await fake.close()
  await google.close()
  rmSync(storageDir, { recursive: true, force: true })
})

async function submit(auth: Record<string, string>, srt: string, name = 'movie.srt', fields: Record<string, string> = {}) {
  const res = await createRoute(multipart('/api/tasks', auth, { name, body: srt }, { targetLanguage: 'ja', service: 'deepseek', ...fields }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  return body.data.id as string
}

const finished = (taskId: string) =>
  waitFor(async () => {
    const task = await db.task.findUnique({ where: { id: taskId } })
    return task && task.status !== 'translating' ? task : null
  }, { timeoutMs: 45_000, what: `task ${taskId}` })

describe('translation worker', () => {
  it('translates a 1,000-cue file: every cue translated, timings unchanged, charged once, file stored', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
    const srt = buildSrt(1000)
    const taskId = await submit(auth, srt)
    const cost = (await db.task.findUniqueOrThrow({ where: { id: taskId } })).cost
    expect(cost).toBe(420) // 1000 cues × 2.5 s end at 41:37.5 → 42 started minutes

    const seen: number[] = []
    const task = await waitFor(async () => {
      const t = await db.task.findUnique({ where: { id: taskId } })
      if (t) seen.push(t.progress)
      return t && t.status !== 'translating' ? t : null
    }, { timeoutMs: 45_000, intervalMs: 20 })
    expect(task).toMatchObject({ status: 'completed', progress: 100, pointsError: null, uploadError: null, storageKey: `translated-files/${taskId}_movie.srt` })
    expect(seen).toEqual([...seen].sort((a, b) => a - b))

    const cues = parseSrt(srt)
    const segments = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(segments).toHaveLength(1000)
    segments.forEach((s, i) => {
      expect([s.index, s.startTime, s.endTime, s.translatedText]).toEqual([cues[i].id, cues[i].startTime, cues[i].endTime, `[ja] ${cues[i].text}`])
    })
    const file = readFileSync(path.join(storageDir, 'translated-files', `${taskId}_movie.srt`), 'utf8')
    // The stored file breaks lines for Japanese (lib/subtitles/reflow.ts): the same text, on at most two lines.
    expect(parseSrt(file).map((c) => [c.startTime, c.endTime, c.text.replace(/\n/g, ' ')])).toEqual(cues.map((c) => [c.startTime, c.endTime, `[ja] ${c.text}`]))
    expect(parseSrt(file).every((c) => c.text.split('\n').length <= 2)).toBe(true)

    expect(await getBalance({ userId: user.id })).toBe(10_000 - cost)
    const entries = await db.pointEntry.findMany({ where: { taskId } })
    expect(entries.map((e) => [e.reason, e.delta]).sort()).toEqual([['capture', 0], ['reserve', -cost]])
  })

  it('completes every task with the right line count when 20% of provider answers fail', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
    fake.resetStats()
    fake.faults.set({ kind: ['429', '5xx', 'blank', 'wrong_count'], rate: 0.2, retryAfterMs: 5, seed: 42 })
    try {
      const ids = []
      // Small batches (the override) for many requests, so many faults; two tasks keep the token budget.
      for (let i = 0; i < 5; i++) ids.push(await submit(auth, buildSrt(200, { text: (n) => `Task ${i} line ${n}\nsecond row` }), `t${i}.srt`, i < 3 ? { batchSize: '10' } : {}))
      for (const [i, id] of ids.entries()) {
        const task = await finished(id)
        expect(task.status).toBe('completed')
        const segments = await db.segment.findMany({ where: { taskId: id }, orderBy: { index: 'asc' } })
        expect(segments.map((s) => s.translatedText)).toEqual(segments.map((s) => `[ja] Task ${i} line ${s.index}\nsecond row`))
        const res = await exportRoute(jsonRequest('GET', `/api/tasks/${id}/export?format=srt&content=translated`, auth), ctx({ id }))
        expect(parseSrt(await res.text())).toHaveLength(200)
      }
      expect(fake.stats.faultsInjected).toBeGreaterThan(12)
    } finally {
      fake.faults.clear()
    }
    expect(await db.pointEntry.count({ where: { userId: user.id, reason: 'capture' } })).toBe(5)
  })

  it('retranslates one segment of a completed task', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const taskId = await submit(auth, buildSrt(5))
    await finished(taskId)
    await db.segment.update({ where: { taskId_index: { taskId, index: 3 } }, data: { translatedText: 'edited by hand' } })
    const res = await retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/3/retranslate`, auth), ctx({ id: taskId, segmentId: '3' }))
    expect((await res.json()).data).toMatchObject({ id: 3, translatedText: '[ja] Line number 3, a sentence to translate.' })
    expect(await getBalance({ userId: user.id })).toBe(90)
  })
})

describe('glossary', () => {
  it("sends the user's entries for the task's language only with batches whose lines contain the term", async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    await db.glossaryEntry.createMany({
      data: [
        { userId: user.id, targetLanguage: 'ja', term: 'Haruka', translation: '遥' },
        { userId: user.id, targetLanguage: 'ko', term: 'Haruka', translation: '하루카' },
      ],
    })
    fake.resetStats()
    const taskId = await submit(auth, buildSrt(200, { text: (n) => (n === 150 ? 'Where is Haruka?' : `Line number ${n}, a sentence to translate.`) }), 'g.srt', { batchSize: '20' })
    expect(await finished(taskId)).toMatchObject({ status: 'completed' })
    const seen = fake.stats.log.map((r) => r.data as { lines: { id: number }[]; glossary: unknown[] })
    expect(seen).toHaveLength(10)
    for (const request of seen) {
      const hasTerm = request.lines.some((l) => l.id === 150)
      expect(request.glossary).toEqual(hasTerm ? [{ term: 'Haruka', translation: '遥' }] : [])
    }
  })
})

describe('provider fallback and retry', () => {
  it('a cue DeepSeek refuses is translated by Google; the task completes and each segment says who translated it', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    google.resetStats()
    const taskId = await submit(auth, buildSrt(30, { text: (n) => (n === 7 ? 'A line DeepSeek refuses [[fault:risk]]' : `Line number ${n}, a sentence to translate.`) }))
    expect(await finished(taskId)).toMatchObject({ status: 'completed' })
    const res = await taskRoute(jsonRequest('GET', `/api/tasks/${taskId}`, auth), ctx({ id: taskId }))
    const segments = (await res.json()).data.segments as { id: number; translatedText: string; translatedBy: string }[]
    expect(segments.find((s) => s.id === 7)).toMatchObject({ translatedText: '[ja] A line DeepSeek refuses [[fault:risk]]', translatedBy: 'google' })
    expect(segments.filter((s) => s.translatedBy === 'deepseek')).toHaveLength(29)
    expect(google.stats.counters.segments).toBe(1)

    const edit = await segmentRoute(jsonRequest('PATCH', `/api/tasks/${taskId}/segments/3`, auth, { translatedText: 'mine' }), ctx({ id: taskId, segmentId: '3' }))
    expect((await edit.json()).data).toMatchObject({ id: 3, translatedText: 'mine', translatedBy: 'edited' })
  })

  it("a failed task's Retry translates only the missing cues and the balance drops by the cost once", async () => {
    const { user, auth } = await makeUser()
    const other = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    // Cues 50–59 always fail at DeepSeek, and Google is down: every provider fails for their batch.
    const text = (n: number) => (n >= 50 && n < 60 ? `Line number ${n} [[fault:503]]` : `Line number ${n}, a sentence to translate.`)
    google.faults.set({ kind: '5xx' })
    let taskId: string
    try {
      taskId = await submit(auth, buildSrt(120, { text }), 'retry.srt', { batchSize: '20' })
      expect(await finished(taskId)).toMatchObject({ status: 'failed' })
    } finally {
      google.faults.clear()
    }
    const { cost } = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    // What was translated is charged: over four fifths of the text of a 5-minute file is 5 started minutes, all of it.
    expect(cost).toBe(50)
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    const missing = (await db.segment.findMany({ where: { taskId, translatedText: null }, orderBy: { index: 'asc' }, select: { index: true } })).map((s) => s.index)
    expect(missing.length).toBeGreaterThanOrEqual(10)
    expect(missing.length).toBeLessThan(120)

    // Only the owner, only a failed task.
    const foreign = await retryRoute(jsonRequest('POST', `/api/tasks/${taskId}/retry`, other.auth), ctx({ id: taskId }))
    expect((await foreign.json()).code).toBe(40400)

    fake.resetStats()
    google.resetStats()
    const res = await retryRoute(jsonRequest('POST', `/api/tasks/${taskId}/retry`, auth), ctx({ id: taskId }))
    expect((await res.json()).data).toMatchObject({ id: taskId, status: 'translating', error: null })
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    expect(await finished(taskId)).toMatchObject({ status: 'completed', progress: 100 })

    const sent = new Set(fake.stats.log.flatMap((r) => (r.data as { lines: { id: number }[] }).lines.map((l) => l.id)))
    expect([...sent].sort((a, b) => a - b)).toEqual(missing)
    // DeepSeek stays down for the batch holding cues 50–59, so Google translates that batch.
    const segments = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(segments.map((s) => s.translatedText)).toEqual(segments.map((s) => `[ja] ${text(s.index)}`))
    const byGoogle = segments.filter((s) => s.translatedBy === 'google').map((s) => s.index)
    expect(byGoogle).toEqual(expect.arrayContaining([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]))
    expect(google.stats.counters.segments).toBe(byGoogle.length)
    expect(byGoogle.every((id) => missing.includes(id))).toBe(true)

    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    expect(await ledgerOf(taskId)).toEqual(retriedThenCaptured(cost, cost))
    const again = await retryRoute(jsonRequest('POST', `/api/tasks/${taskId}/retry`, auth), ctx({ id: taskId }))
    expect((await again.json()).code).toBe(40900)
  })
})

describe('a cue every provider fails on', () => {
  it('40 cues, one of which every provider fails on: 39 translated and kept, Retry sends that one cue, the balance drops by the cost once', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    // A 5xx tied to one cue's content, at DeepSeek and at its fallback Google alike.
    const text = (n: number) => (n === 17 ? 'Line number 17 holds the cursed word' : `Line number ${n}, a sentence to translate.`)
    fake.faults.set({ kind: '5xx', containing: 'cursed word' })
    google.faults.set({ kind: '5xx', containing: 'cursed word' })
    let taskId: string
    try {
      taskId = await submit(auth, buildSrt(40, { text }), 'cursed.srt')
      expect(await finished(taskId)).toMatchObject({ status: 'failed' })
    } finally {
      fake.faults.clear()
      google.faults.clear()
    }
    const { cost } = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    // 39 of 40 lines translated: 2 minutes × 39/40 is 2 started minutes, the whole price.
    expect(cost).toBe(20)
    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    const segments = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(segments.filter((s) => s.translatedText === null).map((s) => s.index)).toEqual([17])
    for (const s of segments.filter((s) => s.index !== 17)) expect(s.translatedText).toBe(`[ja] ${text(s.index)}`)

    fake.resetStats()
    google.resetStats()
    const res = await retryRoute(jsonRequest('POST', `/api/tasks/${taskId}/retry`, auth), ctx({ id: taskId }))
    expect((await res.json()).data).toMatchObject({ id: taskId, status: 'translating' })
    expect(await finished(taskId)).toMatchObject({ status: 'completed', progress: 100 })
    expect(fake.stats.log.map((r) => (r.data as { lines: { id: number }[] }).lines.map((l) => l.id))).toEqual([[17]])
    expect(google.stats.requests).toBe(0)
    expect((await db.segment.findFirstOrThrow({ where: { taskId, index: 17 } })).translatedText).toBe(`[ja] ${text(17)}`)

    expect(await getBalance({ userId: user.id })).toBe(1000 - cost)
    expect(await ledgerOf(taskId)).toEqual(retriedThenCaptured(cost, cost))
  })
})

describe('pipeline outcomes', () => {
  const pendingTask = () => taskOfNewUser()

  it('fails the task and releases its points when the provider refuses for good', async () => {
    const { user, taskId } = await pendingTask()
    expect(await getBalance({ userId: user.id })).toBe(90)
    const provider = () =>
      scriptedProvider(async () => {
        throw new ProviderError({ provider: 'deepseek', kind: 'fatal', message: 'HTTP 401 invalid key' })
      })
    expect(await runTask({ taskId, provider, ...PIPELINE })).toBe('failed')
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task).toMatchObject({ status: 'failed', error: 'deepseek: HTTP 401 invalid key' })
    expect(await getBalance({ userId: user.id })).toBe(100)
    expect(await runTask({ taskId, provider, ...PIPELINE })).toBe('skipped')
  })

  it('records storage and points failures without failing the task', async () => {
    const { user, taskId } = await pendingTask()
    await db.pointEntry.deleteMany({ where: { taskId } }) // a reservation lost by an operator mistake
    expect(await runTask({ taskId, storage: fullDiskStorage, ...PIPELINE })).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.status).toBe('completed')
    expect(task.uploadError).toBe('disk full')
    expect(task.pointsError).toMatch(/no points reservation/)
    expect(task.storageKey).toBeNull()
    expect(await getBalance({ userId: user.id })).toBe(90)
  })

  it('stops quietly when the task is deleted while it translates', async () => {
    const { taskId } = await pendingTask()
    const provider = () =>
      scriptedProvider(async ({ lines }) => {
        await db.task.deleteMany({ where: { id: taskId } })
        return lines.map((l) => `t:${l.text}`)
      })
    expect(await runTask({ taskId, provider, ...PIPELINE })).toBe('deleted')
  })
})
