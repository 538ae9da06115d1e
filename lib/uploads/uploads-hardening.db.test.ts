// Recording uploads through HTTP against the API server (test/route-server.ts) with the task
// workers running in this process: a part's id comes from the route, never from the URL's query;
// control characters in tus metadata are refused in the envelope; untaken parts have a byte
// quota; a deleted task leaves none of its parts on disk and files without a row are swept;
// retries are limited; uploads that stop (or trickle) hold no worker a subtitle file waits for,
// and are given up on within seconds here (UPLOAD_STALL_MS).
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { errorMessage } from '@/lib/errors'
import { grantPoints } from '@/lib/points'
import { createTranscriptionTask, failTask } from '@/lib/tasks'
import { buildSrt, makeUser, waitFor } from '@/test/route-harness'
import { serveRoutes } from '@/test/route-server'
import { makeRecording } from '@/test/speech-audio'
import { speechSetup, startTestWorkers, taskOfNewUser } from '@/test/task-setup'
import { runMaintenance } from '@/lib/jobs'

/** How old a file without a row must be before the sweep takes it (lib/uploads/sweep.ts: 10 minutes). */
const SWEEP_GRACE_MS = 10 * 60_000

const uploads = mkdtempSync(path.join(tmpdir(), 'ss-uploads-hardening-'))
const QUOTA = 300 * 1024
await speechSetup('uploads-hardening', { env: { UPLOAD_DIR: uploads, UPLOAD_STALL_MS: '10000', UPLOAD_PARK_MS: '1000', UPLOAD_QUOTA_BYTES: String(QUOTA) } })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

let recording: Buffer
beforeAll(async () => {
  const file = path.join(tmpdir(), `ss-uploads-hardening-${process.pid}.ogg`)
  await makeRecording({ sentences: [{ text: 'A few words at the start of the recording.', atMs: 1000 }], totalMs: 60_000, file })
  recording = readFileSync(file)
  rmSync(file)
}, 60_000)
afterAll(() => rmSync(uploads, { recursive: true, force: true }))

const TUS = { 'tus-resumable': '1.0.0' }
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const metadata = (filename: string, part = 0, startMs = 0) => `filename ${base64(filename)},part ${base64(String(part))},startMs ${base64(String(startMs))}`

async function funded(points = 1000) {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: points, key: `grant:${made.user.id}` })
  return { ...made, headers: { authorization: `Bearer ${made.token}` } }
}

/** Creates a part (its length deferred, as the browser streams it) and answers its id. */
async function createPart(headers: Record<string, string>, meta = metadata('talk.ogg')) {
  const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { ...headers, ...TUS, 'upload-defer-length': '1', 'upload-metadata': meta } })
  expect(res.status).toBe(201)
  return res.headers.get('location')!.split('/').pop()!
}

const append = (headers: Record<string, string>, id: string, offset: number, bytes: Uint8Array, extra: Record<string, string> = {}) =>
  fetch(`${server.url}/api/uploads/${id}`, { method: 'PATCH', headers: { ...headers, ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...extra }, body: bytes as Uint8Array<ArrayBuffer> })

async function transcribe(headers: Record<string, string>, parts: string[]) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ parts: parts.join(','), durationMs: '60000', sourceLanguage: 'en' })) form.append(name, value)
  const res = await fetch(`${server.url}/api/tasks/transcribe`, { method: 'POST', headers, body: form })
  const answer = await res.json()
  expect(answer.code).toBe(20000)
  return answer.data.id as string
}

const partFilesOf = (ids: string[]) => readdirSync(uploads).filter((name) => ids.some((id) => name.startsWith(id)))
const status = async (taskId: string) => (await db.task.findUnique({ where: { id: taskId }, select: { status: true } }))?.status

describe('the upload id', () => {
  it('is the route\'s checked id: HEAD …/OWN?x=/VICTIM answers the caller\'s part, never the other user\'s', async () => {
    const victim = await funded()
    const victimPart = await createPart(victim.headers)
    expect((await append(victim.headers, victimPart, 0, recording.subarray(0, 1000))).status).toBe(204)
    const attacker = await funded()
    const own = await createPart(attacker.headers)
    expect((await append(attacker.headers, own, 0, recording.subarray(0, 10))).status).toBe(204)

    const res = await fetch(`${server.url}/api/uploads/${own}?x=/${victimPart}`, { method: 'HEAD', headers: { ...attacker.headers, ...TUS } })
    expect(res.headers.get('upload-offset')).not.toBe('1000')
    expect(res.status).toBe(200)
    expect(res.headers.get('upload-offset')).toBe('10')
  })
})

describe('tus metadata', () => {
  it('with a NUL in the file name is 400 in the envelope, with no database text', async () => {
    const { headers } = await funded()
    const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { ...headers, ...TUS, 'x-locale': 'ja-JP', 'upload-defer-length': '1', 'upload-metadata': metadata('a\u0000b.ogg') } })
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer).toMatchObject({ code: 40000, msg: errorMessage('ja-JP', 'uploadMetadataInvalid') })
    // A line break or an escape is refused the same way.
    for (const name of ['a\nb.ogg', 'a\u001b[31mb.ogg']) {
      const again = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { ...headers, ...TUS, 'upload-defer-length': '1', 'upload-metadata': metadata(name) } })
      expect(again.status).toBe(400)
      expect((await again.json()).code).toBe(40000)
    }
  })
})

describe('parts on disk', () => {
  it('count against a quota of bytes while no task has taken them', async () => {
    const { headers } = await funded()
    const first = await createPart(headers)
    expect((await append(headers, first, 0, randomBytes(200 * 1024))).status).toBe(204)
    const second = await createPart(headers)
    const res = await append(headers, second, 0, randomBytes(150 * 1024), { 'x-locale': 'zh-CN' })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 41300, msg: errorMessage('zh-CN', 'uploadQuota', { megabytes: 1 }) })
    // Whatever reached the store before the refusal, the user's untaken bytes stay within the quota.
    const onDisk = partFilesOf([first, second]).filter((name) => !name.endsWith('.json')).reduce((sum, name) => sum + statSync(path.join(uploads, name)).size, 0)
    expect(onDisk).toBeLessThanOrEqual(QUOTA)
  })

  it('go with their task: deleting it leaves none of its part bytes on disk', async () => {
    const { headers } = await funded()
    const parts: string[] = []
    for (let i = 0; i < 2; i++) {
      const id = await createPart(headers, metadata('talk.ogg', i, i * 30_000))
      expect((await append(headers, id, 0, recording.subarray(0, 60 * 1024))).status).toBe(204)
      parts.push(id)
    }
    const taskId = await transcribe(headers, parts)
    expect(partFilesOf(parts).length).toBeGreaterThan(0)
    const res = await fetch(`${server.url}/api/tasks/${taskId}`, { method: 'DELETE', headers })
    expect((await res.json()).code).toBe(20000)
    expect(partFilesOf(parts)).toEqual([])
  })

  it('without a row are swept by maintenance once past the grace period', async () => {
    const orphan = path.join(uploads, 'AAAAAAAAAAAAAAAAAAAAAAAA')
    writeFileSync(orphan, Buffer.alloc(4096))
    writeFileSync(`${orphan}.json`, '{}')
    const { headers } = await funded()
    const kept = await createPart(headers)
    expect((await append(headers, kept, 0, recording.subarray(0, 1024))).status).toBe(204)
    const old = new Date(Date.now() - SWEEP_GRACE_MS - 60_000)
    for (const file of [orphan, `${orphan}.json`, path.join(uploads, kept)]) utimesSync(file, old, old)
    await runMaintenance()
    expect(existsSync(orphan) || existsSync(`${orphan}.json`)).toBe(false)
    expect(existsSync(path.join(uploads, kept))).toBe(true)
  })
})

describe('a failed task\'s parts', () => {
  async function failedTranscription(stage: 'transcribing' | 'translating') {
    const { user, headers } = await funded()
    const id = await createPart(headers)
    expect((await append(headers, id, 0, recording.subarray(0, 20 * 1024))).status).toBe(204)
    // Created as the route does, its job left unqueued: this test fails it itself.
    const task = await createTranscriptionTask({ userId: user.id, upload: null, fields: { parts: [id], durationMs: 60_000, sourceLanguage: 'en', targetLanguage: undefined, includeOriginalText: false }, enqueue: async () => {} })
    await db.task.update({ where: { id: task.id }, data: { stage } })
    await failTask({ taskId: task.id, error: 'the provider failed' })
    return { taskId: task.id, part: id }
  }

  it('go when the task no longer needs them (its transcript stored), rows and files', async () => {
    const { part } = await failedTranscription('translating')
    expect(await db.audioPart.count({ where: { id: part } })).toBe(0)
    expect(partFilesOf([part])).toEqual([])
  })

  it('stay a day for a retry when it failed while transcribing, then go', async () => {
    const { part } = await failedTranscription('transcribing')
    expect(partFilesOf([part]).length).toBeGreaterThan(0)
    await runMaintenance({ now: new Date(Date.now() + 25 * 3600_000) })
    expect(await db.audioPart.count({ where: { id: part } })).toBe(0)
    expect(partFilesOf([part])).toEqual([])
  })
})

describe('retries', () => {
  it('a burst of a dozen is refused past the limit with 42900', async () => {
    const { token, taskId } = await taskOfNewUser({ points: 1000, cues: 3 })
    await failTask({ taskId, error: 'the provider failed' })
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(`${server.url}/api/tasks/${taskId}/retry`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' } }).then(async (res) => ({ status: res.status, ...(await res.json()) }))))
    const limited = answers.filter((a) => a.status === 429)
    expect(limited.length).toBeGreaterThanOrEqual(9)
    expect(limited[0]).toMatchObject({ code: 42900 })
    expect(limited[0].msg).toMatch(/retried too often/)
  })
})

describe('uploads that stop', () => {
  it('hold no worker: another user\'s SRT completes in under 5 s while two stalled uploads wait, and they are given up on', async () => {
    const stalled = await funded()
    const tasks: string[] = []
    for (let i = 0; i < 2; i++) {
      const id = await createPart(stalled.headers)
      expect((await append(stalled.headers, id, 0, recording.subarray(0, 40 * 1024))).status).toBe(204)
      tasks.push(await transcribe(stalled.headers, [id]))
    }
    // One of the user's transcriptions runs at a time, the other queues behind it. A run fetched
    // beside another steps back within milliseconds (worker.ts), so only runs past that are counted.
    const running: number[] = []
    let sampling = true
    void (async () => {
      while (sampling) {
        const rows = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active' AND data->>'taskId' = ANY(${tasks}) AND started_on < now() - interval '300 milliseconds'`.catch(() => [{ n: 0 }])
        running.push(rows[0].n)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    // Both jobs have been picked up (or wait for the user's first) before the SRT arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500))

    const other = await funded()
    const form = new FormData()
    form.append('file', new Blob([buildSrt(5)]), 'five.srt')
    for (const [name, value] of Object.entries({ sourceLanguage: 'en', targetLanguage: 'ja', service: 'deepseek' })) form.append(name, value)
    const created = await (await fetch(`${server.url}/api/tasks`, { method: 'POST', headers: other.headers, body: form })).json()
    expect(created.code).toBe(20000)
    await waitFor(async () => (await status(created.data.id)) === 'completed', { timeoutMs: 5000, what: 'the SRT task to complete' })
    expect(await Promise.all(tasks.map(status))).toEqual(['translating', 'translating'])

    // Nothing more arrives: both are given up on (what came is transcribed) within the stall time and a look or two.
    await waitFor(async () => (await Promise.all(tasks.map(status))).every((s) => s !== 'translating'), { timeoutMs: 40_000, what: 'the stalled tasks to end' })
    sampling = false
    expect(Math.max(...running)).toBeLessThanOrEqual(1)
    // They waited off the workers: their runs stopped and were queued again, to look at the parts later.
    const parked = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'transcription-run' AND data ? 'parkedBytes' AND group_id = ${stalled.user.id}`
    expect(parked[0].n).toBeGreaterThan(0)
  }, 60_000)

  it('a byte every half second does not keep one alive', async () => {
    const { headers } = await funded()
    const id = await createPart(headers)
    let offset = 40 * 1024
    expect((await append(headers, id, 0, recording.subarray(0, offset))).status).toBe(204)
    const taskId = await transcribe(headers, [id])
    let isTrickling = true
    const trickle = (async () => {
      while (isTrickling) {
        const res = await append(headers, id, offset, recording.subarray(offset, offset + 1))
        if (res.status !== 204) break
        offset += 1
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    })()
    try {
      await waitFor(async () => (await status(taskId)) !== 'translating', { timeoutMs: 40_000, what: 'the trickling task to end' })
    } finally {
      isTrickling = false
      await trickle
    }
  }, 60_000)
})
