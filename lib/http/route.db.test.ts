import { describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { z } from 'zod'
import { db } from '@/lib/db'
import { createSession } from '@/lib/auth/sessions'
import { AppError } from '@/lib/errors'
import { route } from './route'

const ctx = { params: Promise.resolve({}) }

function post(body: string, headers: Record<string, string> = {}) {
  return new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
}

async function user(isAdmin = false) {
  return db.user.create({ data: { email: `u${Math.random()}@example.com`, name: 'Tester', isAdmin } })
}

describe('route wrapper', () => {
  const echo = route({ summary: 'test route', auth: 'public', body: z.object({ name: z.string().min(2) }) }, async ({ body }) => ({ hello: body.name }))

  it('wraps results in the success envelope', async () => {
    const res = await echo(post('{"name":"Ann"}'), ctx)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ code: 20000, msg: 'ok', data: { hello: 'Ann' } })
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('answers malformed JSON with 400 / 40000, even on a signed-in route', async () => {
    const guarded = route({ summary: 'test route', auth: 'manager' }, async () => 'never')
    for (const handler of [echo, guarded]) {
      const res = await handler(post('{"name":'), ctx)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 40000, data: null })
    }
  })

  it('names the failing field in the caller language', async () => {
    const res = await echo(post('{"name":"A"}', { 'x-locale': 'en-US' }), ctx)
    expect(await res.json()).toEqual({ code: 40000, msg: 'Invalid input: name', data: null })
    const zh = await echo(post('{"name":"A"}', { 'accept-language': 'zh-CN,zh;q=0.9' }), ctx)
    expect((await zh.json()).msg).toBe('输入有误：name')
  })

  it('refuses a missing session with 40100 and its message', async () => {
    const res = await route({ summary: 'test route', auth: 'user' }, async () => 'x')(post('{}', { 'x-locale': 'en-US' }), ctx)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 40100, msg: 'user session not found, please log in again', data: null })
  })

  it('accepts a Bearer token and refuses non-managers on manager routes', async () => {
    const plain = await user()
    const token = await createSession({ userId: plain.id })
    const me = route({ summary: 'test route', auth: 'user' }, async ({ user }) => user.id)
    expect(await (await me(post('', { authorization: `Bearer ${token}` }), ctx)).json()).toMatchObject({ data: plain.id })
    const admin = route({ summary: 'test route', auth: 'manager' }, async () => 'ok')
    const res = await admin(post('', { authorization: `Bearer ${token}` }), ctx)
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe(40300)
  })

  it('refuses cross-site browser calls', async () => {
    const res = await echo(post('{"name":"Ann"}', { origin: 'https://evil.example', host: 'cn.localhost:3000' }), ctx)
    expect(res.status).toBe(403)
  })

  it('maps domain errors and hides unexpected ones', async () => {
    const broken = route({ summary: 'test route', auth: 'public' }, async () => {
      throw new Error('secret stack detail')
    })
    const res = await broken(post(''), ctx)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('secret')
    expect(JSON.parse(text).code).toBe(50000)
    const points = route({ summary: 'test route', auth: 'public' }, async () => {
      throw new AppError('insufficient_points', 'insufficientPoints')
    })
    const res2 = await points(post('', { 'x-locale': 'ja-JP' }), ctx)
    expect(res2.status).toBe(402)
    expect(await res2.json()).toEqual({ code: 40200, msg: 'ポイントが不足しています', data: null })
  })
})

describe('body limits', () => {
  const echo = route({ summary: 'test route', auth: 'public', multipart: true }, async ({ form }) => (form?.get('file') as File | null)?.size ?? 0)

  function streamed(bytes: number, type: string) {
    // A chunked body: no Content-Length, so only the streaming cap can stop it.
    const chunk = new Uint8Array(64 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    return new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as never)
  }

  it('cuts off a chunked upload without a declared length past the cap', async () => {
    const res = await echo(streamed(20 * 1024 * 1024, 'multipart/form-data; boundary=x'), ctx)
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe(40000)
  })

  it('still reads a normal multipart form', async () => {
    const form = new FormData()
    form.set('file', new File(['1\n00:00:01,000 --> 00:00:02,000\nHi\n'], 'a.srt'))
    const res = await echo(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: form }), ctx)
    expect(await res.json()).toMatchObject({ code: 20000, data: 35 })
  })

  it('refuses an oversized JSON body', async () => {
    const json = route({ summary: 'test route', auth: 'public' }, async () => 'ok')
    const res = await json(streamed(2 * 1024 * 1024, 'application/json'), ctx)
    expect(res.status).toBe(400)
  })
})
