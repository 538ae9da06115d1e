import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { grantPoints, getBalance } from '@/lib/points'
import { POST as createRoute, GET as listRoute } from '@/app/api/tasks/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { GET as getRoute, DELETE as deleteRoute } from '@/app/api/tasks/[id]/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-tasks-'))
process.env.STORAGE_DIR = storageDir
process.env.DEEPSEEK_API_KEY = 'sk-unused'

afterAll(async () => {
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

const FIELDS = { targetLanguage: 'ja', service: 'deepseek', sourceLanguage: 'auto' }
// 3 cues ending at 00:01:05 → 2 started minutes → 20 points.
const SMALL = '1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n2\n00:00:04,000 --> 00:00:06,500\n<i>How are you?</i>\n\n3\n00:01:00,000 --> 00:01:05,000\nFine, thanks.\n'

async function jobCount() {
  const rows = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'task-run'`.catch(() => [{ n: 0n }])
  return Number(rows[0].n)
}

async function stored(userId: string) {
  return {
    tasks: await db.task.count({ where: { userId } }),
    segments: await db.segment.count({ where: { task: { userId } } }),
    entries: await db.pointEntry.count({ where: { userId, reason: { not: 'grant' } } }),
  }
}

async function create(auth: Record<string, string>, file: { name: string; body: string | Uint8Array } | null, fields: Record<string, string> = FIELDS) {
  const res = await createRoute(multipart('/api/tasks', auth, file, fields), ctx())
  return { status: res.status, body: await res.json() }
}

describe('POST /api/tasks', () => {
  it('creates a task, reserves its cost and queues it in the same transaction', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const jobsBefore = await jobCount()
    const { status, body } = await create(auth, { name: 'Movie.SRT', body: SMALL })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ fileName: 'Movie.SRT', status: 'translating', progress: 0, cost: 20, targetLanguage: 'ja', originalLanguage: 'en', detectedLanguage: 'en', segmentCount: 3, batchSize: null })
    expect(body.data.id).toMatch(/^\d{19}$/)
    expect(await getBalance({ userId: user.id })).toBe(80)
    expect(await jobCount()).toBe(jobsBefore + 1)
    const segments = await db.segment.findMany({ where: { taskId: body.data.id }, orderBy: { index: 'asc' } })
    expect(segments.map((s) => [s.index, s.startTime, s.endTime, s.durationMs, s.originalText])).toEqual([
      [1, '00:00:01,000', '00:00:03,000', 2000, 'Hello there.'],
      [2, '00:00:04,000', '00:00:06,500', 2500, '<i>How are you?</i>'],
      [3, '00:01:00,000', '00:01:05,000', 5000, 'Fine, thanks.'],
    ])
  })

  it('keeps an explicit source language and a positive batch-size override', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const { body } = await create(auth, { name: 'a.srt', body: SMALL }, { ...FIELDS, sourceLanguage: 'fr', batchSize: '25' })
    expect(body.data).toMatchObject({ originalLanguage: 'fr', detectedLanguage: 'en', batchSize: 25 })
    const ignored = await create(auth, { name: 'b.srt', body: SMALL }, { ...FIELDS, batchSize: '-3' })
    expect(ignored.body.data.batchSize).toBeNull()
  })

  it('refuses bad uploads with 40000 and their message, storing nothing', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const binary = new Uint8Array(2048).map((_, i) => (i * 7) % 256)
    const cases: [string, { name: string; body: string | Uint8Array } | null, Record<string, string>, string][] = [
      ['empty', { name: 'empty.srt', body: '' }, FIELDS, 'file cannot be empty'],
      ['blank', { name: 'blank.srt', body: '  \n\n \r\n' }, FIELDS, 'file cannot be empty'],
      ['not SRT content', { name: 'notes.srt', body: 'just some words\nwith no timing at all\n' }, FIELDS, 'SRT file format incorrect or content empty'],
      ['not a subtitle name', { name: 'movie.txt', body: SMALL }, FIELDS, 'unsupported file type, please upload an .srt, .vtt, .ass or .ssa subtitle file'],
      ['too large', { name: 'big.srt', body: 'x'.repeat(5_242_881) }, FIELDS, 'file too large (5 MB at most)'],
      ['binary', { name: 'video.srt', body: binary }, FIELDS, 'the file is not a text subtitle file'],
      ['no file', null, FIELDS, 'please choose an .srt, .vtt, .ass or .ssa file'],
      ['no target', { name: 'a.srt', body: SMALL }, { service: 'deepseek' }, 'please select a target language'],
      ['auto target', { name: 'a.srt', body: SMALL }, { ...FIELDS, targetLanguage: 'auto' }, 'invalid target language (auto cannot be a target)'],
      ['planned service', { name: 'a.srt', body: SMALL }, { ...FIELDS, service: 'deepl' }, 'not implemented yet'],
      ['unknown service', { name: 'a.srt', body: SMALL }, { ...FIELDS, service: 'babelfish' }, 'unsupported translation service'],
    ]
    const jobsBefore = await jobCount()
    for (const [label, file, fields, msg] of cases) {
      const { status, body } = await create(auth, file, fields)
      expect({ label, status, body }).toEqual({ label, status: 400, body: { code: 40000, msg, data: null } })
    }
    expect(await stored(user.id)).toEqual({ tasks: 0, segments: 0, entries: 0 })
    expect(await jobCount()).toBe(jobsBefore)
    expect(await getBalance({ userId: user.id })).toBe(1000)
  })

  it('answers 40200 and stores nothing when the balance is short', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 19, key: `g:${user.id}` })
    const { status, body } = await create(auth, { name: 'a.srt', body: SMALL })
    expect(status).toBe(402)
    expect(body.code).toBe(40200)
    expect(await stored(user.id)).toEqual({ tasks: 0, segments: 0, entries: 0 })
    expect(await getBalance({ userId: user.id })).toBe(19)
  })

  it('creates exactly 10 of 50 simultaneous tasks when the balance covers 10', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 200, key: `g:${user.id}` })
    const results = await Promise.all(Array.from({ length: 50 }, () => create(auth, { name: 'a.srt', body: SMALL })))
    const codes = results.map((r) => r.body.code)
    expect(codes.filter((c) => c === 20000)).toHaveLength(10)
    expect(codes.filter((c) => c === 40200)).toHaveLength(40)
    expect(await getBalance({ userId: user.id })).toBe(0)
    expect(await stored(user.id)).toMatchObject({ tasks: 10, segments: 30, entries: 10 })
    const lots = await db.pointLot.findMany({ where: { userId: user.id } })
    expect(lots.every((l) => l.remaining >= 0)).toBe(true)
  })
})

describe('POST /api/tasks/estimate', () => {
  it('answers segments, detected language, duration, cost and estimated time', async () => {
    const { auth } = await makeUser()
    const res = await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body: SMALL }), ctx())
    const body = await res.json()
    expect(body.data).toMatchObject({ segments: 3, detectedLanguage: 'en', durationMs: 65_000, cost: 20 })
    expect(body.data.estimatedMs).toBeGreaterThan(0)
    const bad = await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body: '' }), ctx())
    expect(await bad.json()).toMatchObject({ code: 40000, msg: 'file cannot be empty' })
  })
})

describe('reading, editing, exporting and deleting tasks', () => {
  async function ownedTask(points = 100, body = SMALL, name = 'Movie.srt') {
    const owner = await makeUser('Owner')
    await grantPoints({ userId: owner.user.id, amount: points, key: `g:${owner.user.id}` })
    const created = await create(owner.auth, { name, body })
    return { owner, taskId: created.body.data.id as string }
  }

  it('lists the caller tasks newest first as a page object', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await create(auth, { name: `f${i}.srt`, body: SMALL })).body.data.id)
    const res = await listRoute(jsonRequest('GET', '/api/tasks?page=1&size=2', auth), ctx())
    const { data } = await res.json()
    expect(data).toMatchObject({ pageNum: 1, pageSize: 2, totalCount: 3, totalPages: 2, hasNextPage: true, hasPrevPage: false })
    expect(data.list.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]])
    const page2 = await (await listRoute(jsonRequest('GET', '/api/tasks?page=2&size=2', auth), ctx())).json()
    expect(page2.data).toMatchObject({ pageNum: 2, hasNextPage: false, hasPrevPage: true })
    expect(page2.data.list.map((t: { id: string }) => t.id)).toEqual([ids[0]])
  })

  it('answers 40400 to another user for read, edit, retranslate, export and delete', async () => {
    const { owner, taskId } = await ownedTask()
    const { auth: other } = await makeUser('Other')
    const calls = [
      () => getRoute(jsonRequest('GET', `/api/tasks/${taskId}`, other), ctx({ id: taskId })),
      () => patchRoute(jsonRequest('PATCH', `/api/tasks/${taskId}/segments/1`, other, { translatedText: 'hacked' }), ctx({ id: taskId, segmentId: '1' })),
      () => retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/1/retranslate`, other), ctx({ id: taskId, segmentId: '1' })),
      () => exportRoute(jsonRequest('GET', `/api/tasks/${taskId}/export?format=srt&content=translated`, other), ctx({ id: taskId })),
      () => deleteRoute(jsonRequest('DELETE', `/api/tasks/${taskId}`, other), ctx({ id: taskId })),
    ]
    for (const call of calls) {
      const res = await call()
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ code: 40400, msg: 'task does not exist', data: null })
    }
    const segment = await db.segment.findUnique({ where: { taskId_index: { taskId, index: 1 } } })
    expect(segment?.translatedText).toBeNull()
    expect(await db.task.count({ where: { id: taskId } })).toBe(1)
    const mine = await getRoute(jsonRequest('GET', `/api/tasks/${taskId}`, owner.auth), ctx({ id: taskId }))
    expect((await mine.json()).data.segments[0]).toEqual({ id: 1, startTime: '00:00:01,000', endTime: '00:00:03,000', duration: 2000, originalText: 'Hello there.', translatedText: null, translatedBy: null, firstTranslation: null })
    const light = await (await getRoute(jsonRequest('GET', `/api/tasks/${taskId}?segments=0`, owner.auth), ctx({ id: taskId }))).json()
    expect(light.data).toMatchObject({ id: taskId, status: 'translating', segmentCount: 3 })
    expect(light.data.segments).toBeUndefined()
  })

  it('edits a segment and exports srt and vtt with an RFC 5987 file name', async () => {
    const { owner, taskId } = await ownedTask(100, SMALL, '电影 01.srt')
    await db.task.update({ where: { id: taskId }, data: { status: 'completed', progress: 100 } })
    const patched = await patchRoute(jsonRequest('PATCH', `/api/tasks/${taskId}/segments/2`, owner.auth, { translatedText: '<i>お元気ですか？</i>' }), ctx({ id: taskId, segmentId: '2' }))
    expect((await patched.json()).data).toMatchObject({ id: 2, translatedText: '<i>お元気ですか？</i>' })
    const missing = await patchRoute(jsonRequest('PATCH', `/api/tasks/${taskId}/segments/99`, owner.auth, { translatedText: 'x' }), ctx({ id: taskId, segmentId: '99' }))
    expect(await missing.json()).toMatchObject({ code: 40400, msg: 'segment does not exist' })

    const srt = await exportRoute(jsonRequest('GET', `/api/tasks/${taskId}/export?format=srt&content=bilingual`, owner.auth), ctx({ id: taskId }))
    expect(srt.headers.get('content-disposition')).toBe(`attachment; filename="__ 01.ja.bilingual.srt"; filename*=UTF-8''${encodeURIComponent('电影 01.ja.bilingual.srt')}`)
    expect(await srt.text()).toContain('2\n00:00:04,000 --> 00:00:06,500\n<i>How are you?</i>\n<i>お元気ですか？</i>\n')
    const vtt = await exportRoute(jsonRequest('GET', `/api/tasks/${taskId}/export?format=vtt&content=translated`, owner.auth), ctx({ id: taskId }))
    expect(vtt.headers.get('content-type')).toContain('text/vtt')
    expect(await vtt.text()).toMatch(/^WEBVTT\n\n1\n00:00:01\.000 --> 00:00:03\.000\nHello there\.\n/)
    const bad = await exportRoute(jsonRequest('GET', `/api/tasks/${taskId}/export?format=sub`, owner.auth), ctx({ id: taskId }))
    expect(bad.status).toBe(400)
  })

  it('refuses to retranslate while the task is translating', async () => {
    const { owner, taskId } = await ownedTask()
    const res = await retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/1/retranslate`, owner.auth), ctx({ id: taskId, segmentId: '1' }))
    expect(res.status).toBe(409)
  })

  it('deletes a translating task and gives its reserved points back', async () => {
    const { owner, taskId } = await ownedTask(100)
    expect(await getBalance({ userId: owner.user.id })).toBe(80)
    const res = await deleteRoute(jsonRequest('DELETE', `/api/tasks/${taskId}`, owner.auth), ctx({ id: taskId }))
    expect(await res.json()).toEqual({ code: 20000, msg: 'ok', data: null })
    expect(await db.task.count({ where: { id: taskId } })).toBe(0)
    expect(await db.segment.count({ where: { taskId } })).toBe(0)
    expect(await getBalance({ userId: owner.user.id })).toBe(100)
    const again = await getRoute(jsonRequest('GET', `/api/tasks/${taskId}`, owner.auth), ctx({ id: taskId }))
    expect(again.status).toBe(404)
  })
})
