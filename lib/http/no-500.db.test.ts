// No 500 on any input: broken Unicode, broken percent-encoding, storage not configured, long and
// non-Latin file names, idempotency keys replayed with another amount.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { runTask } from '@/lib/tasks'
import { getBalance, grantPoints } from '@/lib/points'
import { createLocalStorage } from '@/lib/storage/local'
import { storageFileName } from '@/lib/tasks/storage'
import { buildSrt, call, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { malformedPathResponse } from './malformed-path'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as register } from '@/app/api/user/register/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { POST as updateProfile } from '@/app/api/user/update_profile/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { POST as deepseekRoute } from '@/app/api/translation/deepseek_translate/route'
import { POST as decrPoint } from '@/app/api/user/decr_point/route'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-no500-'))
Object.assign(process.env, { STORAGE_DIR: storageDir, DEEPSEEK_API_KEY: 'sk-unused' })

afterAll(async () => {
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

const LONE = '\ud800'

describe('lone UTF-16 surrogates', () => {
  it('answer 40000 naming the field on the public endpoints, never 500', async () => {
    const cases: [Parameters<typeof call>[0], string, unknown, string][] = [
      [sendCode, '/api/user/send_code', { email: `a${LONE}@example.com` }, 'email'],
      [emailAuth, '/api/email/auth', { email: `a${LONE}@example.com`, pass: 'secret1' }, 'email'],
      [register, '/api/user/register', { email: 'a@example.com', name: `Ann${LONE}`, pass: 'secret1', code: '123456' }, 'name'],
      [emailAuth, '/api/email/auth', { email: 'a@example.com', pass: `secret${LONE}` }, 'pass'],
      [emailAuth, '/api/email/auth', { email: 'a@example.com', pass: 'secret1', [`k${LONE}`]: 1 }, 'k\ufffd'],
    ]
    for (const [handler, url, body, field] of cases) {
      const answer = await call(handler, url, { body })
      expect({ url, status: answer.status, code: answer.code, msg: answer.msg }).toEqual({
        url, status: 400, code: 40000, msg: `${field} contains a broken character (not valid Unicode text)`,
      })
    }
  })

  it('answer 40000 on signed-in endpoints: names, segment texts, translate texts, nested and in queries', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await (await createRoute(multipart('/api/tasks', auth, { name: 'a.srt', body: buildSrt(3) }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())).json()
    const taskId = created.data.id
    await db.task.update({ where: { id: taskId }, data: { status: 'completed' } })
    const answers = [
      await updateProfile(jsonRequest('POST', '/x', auth, { name: `Bob${LONE}` }), ctx()),
      await patchRoute(jsonRequest('PATCH', '/x', auth, { translatedText: `x\udc00y` }), ctx({ id: taskId, segmentId: '1' })),
      await deepseekRoute(jsonRequest('POST', '/x', auth, { texts: ['fine', `bad${LONE}`], targetLanguage: 'fr' }), ctx()),
      await exportRoute(new NextRequest(`http://cn.localhost:3000/api/tasks/${taskId}/export?format=srt${encodeURIComponent('\ufffd')}`, { headers: auth }), ctx({ id: taskId })),
    ]
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(bodies.slice(0, 3).map((b) => [b.code, b.msg])).toEqual([
      [40000, 'name contains a broken character (not valid Unicode text)'],
      [40000, 'translatedText contains a broken character (not valid Unicode text)'],
      [40000, 'texts.1 contains a broken character (not valid Unicode text)'],
    ])
    expect(bodies[3].code).toBe(40000) // a replacement character is no valid format, but no 500 either
    expect((await db.segment.findFirstOrThrow({ where: { taskId, index: 1 } })).translatedText ?? '').not.toContain('y')
  })

  it('are found however deep they are nested, without overflowing the stack', async () => {
    const { findUnsafeText } = await import('./well-formed')
    let deep: unknown = `end${LONE}`
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(findUnsafeText(deep)).toEqual({ field: expect.stringMatching(/^0(\.0)+$/), reason: 'illFormed' })
    expect(findUnsafeText({ a: ['ok', { b: '😀 fine' }] })).toBeNull()
  })
})

describe('NUL characters', () => {
  // A field with a rule of its own (a name refuses control characters) answers with that rule's
  // message; any other field, the central one.
  it('answer 40000 naming the field: an idempotency key, a name, a task id in the path', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const answers = [
      await decrPoint(jsonRequest('POST', '/x', auth, { points: 10, idempotencyKey: 'k\u0000' }), ctx()),
      await updateProfile(jsonRequest('POST', '/x', auth, { name: 'Bob\u0000' }), ctx()),
      await exportRoute(new NextRequest('http://cn.localhost:3000/api/tasks/a%00/export?format=srt', { headers: auth }), ctx({ id: 'a\u0000' })),
    ]
    expect(await Promise.all(answers.map(async (r) => [r.status, (await r.json()).msg]))).toEqual([
      [400, 'idempotencyKey contains a NUL character, which text cannot hold'],
      [400, 'name contains characters that are not allowed'],
      [400, 'id contains a NUL character, which text cannot hold'],
    ])
    expect(await getBalance({ userId: user.id })).toBe(100)
  })
})

describe('malformed percent-encoding in a path', () => {
  it('answers 400 in the envelope, in the caller language', async () => {
    for (const url of ['/api/tasks/%ff', '/api/tasks/%', '/api/tasks/%E0%A4%A/segments/1']) {
      const res = malformedPathResponse(new NextRequest(`http://cn.localhost:3000${url}`, { headers: { 'x-locale': 'en-US' } }))!
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: 40000, msg: 'the address contains a malformed percent-encoding', data: null })
    }
    const zh = malformedPathResponse(new NextRequest('http://cn.localhost:3000/api/tasks/%ff', { headers: { 'x-locale': 'zh-CN' } }))!
    expect((await zh.json()).msg).toBe('地址中含有格式错误的百分号编码')
    // Well-formed paths go on to their route (proxy.ts runs this check on every API path).
    expect(malformedPathResponse(new NextRequest('http://cn.localhost:3000/api/tasks/%E4%BD%A0'))).toBeNull()
    expect(malformedPathResponse(new NextRequest('http://cn.localhost:3000/zh-CN/%ff'))!.status).toBe(400)
  })
})

describe('file names of any length and script', () => {
  it('stores the translated file of a 200-character CJK name and keeps the name for display', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const name = `${'字幕'.repeat(97)}测试.srt` // 200 characters, 592 bytes in UTF-8
    const created = await (await createRoute(multipart('/api/tasks', auth, { name, body: buildSrt(3) }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())).json()
    expect(created.data.fileName).toBe(name)
    const echo = () => ({ name: 'deepseek' as const, maxBatch: 10, batchTokens: 1000, usesContext: false, limitKey: 'test-echo', translateBatch: async ({ lines }: { lines: { text: string }[] }) => lines.map((l) => `[ja] ${l.text}`) })
    expect(await runTask({ taskId: created.data.id, provider: echo, storage: createLocalStorage({ dir: storageDir }) })).toBe('completed')
    const task = await db.task.findUniqueOrThrow({ where: { id: created.data.id } })
    expect(task.uploadError).toBeNull()
    expect(task.fileName).toBe(name)
    expect(task.storageKey).toBe(`translated-files/${task.id}_${storageFileName(name)}`)
    expect(existsSync(path.join(storageDir, task.storageKey!))).toBe(true)
  })

  it('makes safe key names: short enough, no URL or disk specials, .srt kept', () => {
    expect(storageFileName('movie.srt')).toBe('movie.srt')
    expect(storageFileName('a:b?c#d%e"f<g>h|i*.srt')).toBe('a_b_c_d_e_f_g_h_i_.srt')
    expect(storageFileName('..hidden.srt')).toBe('_hidden.srt')
    const long = storageFileName(`${'😀'.repeat(100)}.srt`)
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(150)
    expect(long.endsWith('😀.srt')).toBe(true)
    expect(long.isWellFormed()).toBe(true)
  })
})

describe('idempotency keys', () => {
  it('answer 40900 when replayed with a different amount, and the replay with the same amount is a no-op', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const first = await (await decrPoint(jsonRequest('POST', '/x', auth, { points: 10, idempotencyKey: 'k1' }), ctx())).json()
    expect(first).toMatchObject({ code: 20000, data: { point: 90 } })
    const same = await (await decrPoint(jsonRequest('POST', '/x', auth, { points: 10, idempotencyKey: 'k1' }), ctx())).json()
    expect(same).toMatchObject({ code: 20000, data: { point: 90 } })
    const other = await decrPoint(jsonRequest('POST', '/x', auth, { points: 50, idempotencyKey: 'k1' }), ctx())
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({ code: 40900, msg: 'this idempotency key was already used for a different request', data: null })
    expect(await getBalance({ userId: user.id })).toBe(90)
  })
})
