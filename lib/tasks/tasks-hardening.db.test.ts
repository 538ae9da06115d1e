// Hostile and racy input against the task, points and translate endpoints: never a 500, never a
// lost or doubled charge, never a file left behind.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { runTask } from '@/lib/tasks'
import { getBalance, grantPoints, spendPoints } from '@/lib/points'
import { createLocalStorage } from '@/lib/storage/local'
import type { StorageDriver } from '@/lib/storage'
import { POST as createRoute, GET as listRoute } from '@/app/api/tasks/route'
import { GET as getRoute, DELETE as deleteRoute } from '@/app/api/tasks/[id]/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { POST as decrPoint } from '@/app/api/user/decr_point/route'
import { POST as translateRoute } from '@/app/api/translation/translate/route'
import { POST as deepseekRoute } from '@/app/api/translation/deepseek_translate/route'
import { BASE, buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { scriptedProvider } from '@/test/provider-fakes'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-hardening-'))
Object.assign(process.env, { STORAGE_DIR: storageDir, DEEPSEEK_API_KEY: 'sk-unused' })

afterAll(async () => {
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

const FIELDS = { targetLanguage: 'ja', service: 'deepseek' }
const SMALL = '1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n2\n00:00:04,000 --> 00:00:06,500\n<i>How are you?</i>\n'
const echo = () => scriptedProvider(async ({ lines }) => lines.map((l) => `[ja] ${l.text}`))

async function newTask(auth: Record<string, string>, name = 'movie.srt', body = SMALL) {
  const res = await createRoute(multipart('/api/tasks', auth, { name, body }, FIELDS), ctx())
  const json = await res.json()
  expect(json.code).toBe(20000)
  return json.data.id as string
}

async function funded(points = 1000) {
  const caller = await makeUser()
  await grantPoints({ userId: caller.user.id, amount: points, key: `g:${caller.user.id}` })
  return caller
}

describe('hostile ids and parameters', () => {
  it('answers 40400 for task ids that cannot exist, never 500', async () => {
    const { auth } = await funded()
    const taskId = await newTask(auth)
    for (const id of ['abc', '../../etc/passwd', '..%2F..', 'x'.repeat(5000), '😀', "1' OR '1'='1"]) {
      const calls = [
        getRoute(jsonRequest('GET', '/api/tasks/x', auth), ctx({ id })),
        deleteRoute(jsonRequest('DELETE', '/api/tasks/x', auth), ctx({ id })),
        exportRoute(jsonRequest('GET', '/api/tasks/x/export?content=original', auth), ctx({ id })),
        patchRoute(jsonRequest('PATCH', '/api/tasks/x/segments/1', auth, { translatedText: 'a' }), ctx({ id, segmentId: '1' })),
        retranslateRoute(jsonRequest('POST', '/api/tasks/x/segments/1/retranslate', auth), ctx({ id, segmentId: '1' })),
      ]
      for (const res of await Promise.all(calls)) {
        expect({ id, status: res.status, body: await res.json() }).toEqual({ id, status: 404, body: { code: 40400, msg: 'task does not exist', data: null } })
      }
    }
    await db.task.update({ where: { id: taskId }, data: { status: 'completed' } })
    // A NUL in a path is refused before any lookup (lib/http/no-500.db.test.ts).
    for (const segmentId of ['abc', '0', '-1', '1.5', '1e0', '0x1', ' 1', '99999999999']) {
      for (const res of [
        await patchRoute(jsonRequest('PATCH', '/x', auth, { translatedText: 'a' }), ctx({ id: taskId, segmentId })),
        await retranslateRoute(jsonRequest('POST', '/x', auth), ctx({ id: taskId, segmentId })),
      ]) {
        expect({ segmentId, status: res.status, body: await res.json() }).toEqual({ segmentId, status: 404, body: { code: 40400, msg: 'segment does not exist', data: null } })
      }
    }
  })

  it('answers 40000 for out-of-range page parameters and an empty page far past the end', async () => {
    const { auth } = await makeUser()
    for (const q of ['size=0', 'size=-1', 'size=101', 'size=1e9', 'page=0', 'page=-3', 'page=abc', 'page=1.5', 'page=1000001', 'page=9007199254740993', 'size=']) {
      const res = await listRoute(jsonRequest('GET', `/api/tasks?${q}`, auth), ctx())
      expect({ q, status: res.status, code: (await res.json()).code }).toEqual({ q, status: 400, code: 40000 })
    }
    const far = await (await listRoute(jsonRequest('GET', '/api/tasks?page=1000000&size=100', auth), ctx())).json()
    expect(far.data).toEqual({ pageNum: 1000000, pageSize: 100, totalCount: 0, totalPages: 1, hasNextPage: false, hasPrevPage: true, list: [] })
  })

  it('answers 40000 for malformed bodies and wrong types', async () => {
    const { auth } = await funded()
    const raw = (body: string, type: string) => new NextRequest(BASE + '/api/tasks', { method: 'POST', body, headers: { ...auth, 'content-type': type } })
    for (const req of [
      raw('--b\r\nContent-Disposition: form-data; name="file"\r\n', 'multipart/form-data; boundary=b'),
      raw('x', 'multipart/form-data'),
      raw('{"targetLanguage":"ja"}', 'application/json'),
      raw('hello', 'text/plain'),
      multipart('/api/tasks', auth, null, { file: 'not a file', ...FIELDS }),
    ]) {
      const res = await createRoute(req, ctx())
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe(40000)
    }
    for (const body of [{ points: 1_000_000_001 }, { points: Number.MAX_SAFE_INTEGER }, { points: 1, idempotencyKey: 7 }, [5], 'five']) {
      const res = await decrPoint(jsonRequest('POST', '/api/user/decr_point', auth, body), ctx())
      expect(res.status).toBe(400)
    }
    await expect(grantPoints({ userId: (await makeUser()).user.id, amount: 3_000_000_000, key: 'too-big' })).rejects.toMatchObject({ code: 'bad_request' })
  })

  it('stores a file with NUL characters without them, and refuses an edit holding one', async () => {
    const { auth } = await funded(5000)
    // A NUL past the 64 KB the binary check samples, in an otherwise ordinary file.
    const srt = buildSrt(1200) + '\n1201\n02:00:00,000 --> 02:00:01,000\nlate\u0000line\n'
    const taskId = await newTask(auth, 'late-nul.srt', srt)
    const last = await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: 1201 } } })
    expect(last.originalText).toBe('lateline')
    expect(Buffer.byteLength(srt)).toBeGreaterThan(65_536)
    await db.task.update({ where: { id: taskId }, data: { status: 'completed' } })
    const res = await patchRoute(jsonRequest('PATCH', '/x', auth, { translatedText: 'a\u0000b' }), ctx({ id: taskId, segmentId: '1' }))
    expect([res.status, (await res.json()).code]).toEqual([400, 40000])
  })

  it('keeps header-breaking and unicode file names out of Content-Disposition', async () => {
    const { auth } = await funded()
    const taskId = await newTask(auth, 'C:\\x\\../ev"il\r\nSet-Cookie: a=b; \u202e名.srt')
    const res = await exportRoute(jsonRequest('GET', '/x?format=srt&content=original', auth), ctx({ id: taskId }))
    expect(res.status).toBe(200)
    const header = res.headers.get('content-disposition') ?? ''
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toMatch(/^attachment; filename="ev_ilSet-Cookie: a=b; _\.ja\.original\.srt"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/)
    expect(decodeURIComponent(header.split("''")[1])).toBe('ev"ilSet-Cookie: a=b; 名.ja.original.srt')
  })
})

describe('a task still translating', () => {
  it('exports only its original and refuses edits', async () => {
    const { auth } = await funded()
    const taskId = await newTask(auth)
    for (const content of ['translated', 'bilingual']) {
      const res = await exportRoute(jsonRequest('GET', `/x?format=srt&content=${content}`, auth), ctx({ id: taskId }))
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ code: 40900, msg: 'the task is still translating, please try again later', data: null })
    }
    const original = await exportRoute(jsonRequest('GET', '/x?format=vtt&content=original', auth), ctx({ id: taskId }))
    expect(await original.text()).toContain('Hello there.')
    const patch = await patchRoute(jsonRequest('PATCH', '/x', auth, { translatedText: 'mine' }), ctx({ id: taskId, segmentId: '1' }))
    expect(patch.status).toBe(409)
    expect((await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: 1 } } })).translatedText).toBeNull()
  })
})

describe('deleting', () => {
  it('refunds a failed task once, and never refunds a completed one whose capture failed', async () => {
    const { user, auth } = await funded(100)
    const failed = await newTask(auth)
    await db.task.update({ where: { id: failed }, data: { status: 'failed' } })
    const delivered = await newTask(auth)
    // Completed, but its capture never happened (pointsError recorded at completion).
    await db.task.update({ where: { id: delivered }, data: { status: 'completed', pointsError: 'capture failed' } })
    expect(await getBalance({ userId: user.id })).toBe(80)
    await deleteRoute(jsonRequest('DELETE', '/x', auth), ctx({ id: failed }))
    await deleteRoute(jsonRequest('DELETE', '/x', auth), ctx({ id: delivered }))
    expect(await getBalance({ userId: user.id })).toBe(90)
    const entries = await db.pointEntry.findMany({ where: { taskId: { in: [failed, delivered] } } })
    expect(entries.map((e) => `${e.taskId === failed ? 'failed' : 'delivered'}:${e.reason}`).sort()).toEqual(['delivered:capture', 'delivered:reserve', 'failed:release', 'failed:reserve'])
  })

  it('answers 40400 to the loser of two simultaneous deletes and refunds once', async () => {
    const { user, auth } = await funded(100)
    const taskId = await newTask(auth)
    const results = await Promise.all([1, 2, 3].map(() => deleteRoute(jsonRequest('DELETE', '/x', auth), ctx({ id: taskId }))))
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404])
    expect(await getBalance({ userId: user.id })).toBe(100)
  })

  it('removes the file of a task whose worker stored it while the task was being deleted', async () => {
    const { user, auth } = await funded(100)
    const taskId = await newTask(auth)
    const local = createLocalStorage({ dir: storageDir })
    const storage: StorageDriver = {
      ...local,
      put: async (key, body) => {
        const stored = await local.put(key, body)
        await deleteRoute(jsonRequest('DELETE', '/x', auth), ctx({ id: taskId }))
        return stored
      },
    }
    expect(await runTask({ taskId, provider: echo, storage, retry: { delayMs: 1 } })).toBe('completed')
    expect(existsSync(path.join(storageDir, 'translated-files', `${taskId}_movie.srt`))).toBe(false)
    expect(await db.task.count({ where: { id: taskId } })).toBe(0)
    // Captured before the delete: the delivered translation stays paid for, exactly once.
    expect(await getBalance({ userId: user.id })).toBe(90)
  })

  it('removes the stored file with the task', async () => {
    const { auth } = await funded(100)
    const taskId = await newTask(auth)
    expect(await runTask({ taskId, provider: echo, storage: createLocalStorage({ dir: storageDir }) })).toBe('completed')
    const file = path.join(storageDir, 'translated-files', `${taskId}_movie.srt`)
    expect(existsSync(file)).toBe(true)
    const res = await deleteRoute(jsonRequest('DELETE', '/x', auth), ctx({ id: taskId }))
    expect(res.status).toBe(200)
    expect(existsSync(file)).toBe(false)
  })
})

describe('translate calls', () => {
  it('limit each user to 60 calls a minute (42900), checked before any provider call', async () => {
    const { user, auth } = await makeUser()
    await db.rateLimit.create({ data: { key: `translate:${user.id}`, count: 60, resetAt: new Date(Date.now() + 60_000) } })
    for (const route of [translateRoute, deepseekRoute]) {
      const res = await route(jsonRequest('POST', '/x', auth, { texts: ['Hello'], targetLanguage: 'fr' }), ctx())
      expect(res.status).toBe(429)
      expect((await res.json()).code).toBe(42900)
    }
  })

  it('decr_point spends within the balance only, under concurrent calls with one key', async () => {
    const { user, auth } = await funded(30)
    const body = { points: 20, idempotencyKey: 'same' }
    const results = await Promise.all([1, 2, 3, 4].map(() => decrPoint(jsonRequest('POST', '/x', auth, body), ctx())))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(await getBalance({ userId: user.id })).toBe(10)
    await expect(spendPoints({ userId: user.id, amount: 11, key: 'more' })).rejects.toMatchObject({ code: 'insufficient_points' })
  })
})
