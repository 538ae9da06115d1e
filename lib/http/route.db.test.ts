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

  it('answers malformed JSON with 400 / 40000, and without a session 401 before reading it', async () => {
    const res = await echo(post('{"name":'), ctx)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 40000, data: null })
    const guarded = await route({ summary: 'test route', auth: 'manager' }, async () => 'never')(post('{"name":'), ctx)
    expect([guarded.status, (await guarded.json()).code]).toEqual([401, 40100])
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
  return new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body, headers: { 'content-type': type, 'x-locale': 'en-US' }, duplex: 'half' } as never)
}

describe('body limits', () => {
  const echo = route({ summary: 'test route', auth: 'public', multipart: true }, async ({ form }) => (form?.get('file') as File | null)?.size ?? 0)

  it('cuts off a chunked upload without a declared length past the cap with a 413', async () => {
    const res = await echo(streamed(20 * 1024 * 1024, 'multipart/form-data; boundary=x'), ctx)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ code: 41300, msg: 'file too large (5 MB at most)', data: null })
  })

  it('answers a form cut off in the middle of a file 40000, and nothing is left to throw later', async () => {
    const cut = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.srt"\r\n\r\n${'x'.repeat(100_000)}`
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const res = await echo(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: cut, headers: { 'content-type': 'multipart/form-data; boundary=b', 'x-locale': 'en-US' } }), ctx)
      expect([res.status, (await res.json()).msg]).toEqual([400, 'The request body could not be read'])
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      process.off('uncaughtException', onUncaught)
    }
    expect(uncaught).toEqual([])
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
    expect(res.status).toBe(413)
  })

  it('reads a body up to the cap its route declares', async () => {
    const batch = route({ summary: 'test route', auth: 'public', multipart: true, bodyLimit: { bytes: 20 * 1024 * 1024, tooLarge: 'batchTooLarge' } }, async ({ form }) =>
      form!.getAll('file').map((f) => (f as File).size),
    )
    const form = new FormData()
    for (const name of ['a.srt', 'b.srt', 'c.srt']) form.append('file', new File([new Uint8Array(4 * 1024 * 1024).fill(65)], name))
    expect(await (await batch(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: form }), ctx)).json()).toMatchObject({
      code: 20000,
      data: [4 * 1024 * 1024, 4 * 1024 * 1024, 4 * 1024 * 1024],
    })
    const res = await batch(streamed(21 * 1024 * 1024, 'multipart/form-data; boundary=x'), ctx)
    expect([res.status, (await res.json()).msg]).toEqual([413, 'these files are too large together (at most 20 files of 5 MB each)'])
  })
})

describe('refusals before the body', () => {
  /** A body that sends one chunk and then stalls forever, counting what was pulled from it. */
  function stalled(headers: Record<string, string>) {
    const pulled = { bytes: 0 }
    let sentFirst = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentFirst) return new Promise<void>(() => {}) // the client stops sending
        sentFirst = true
        pulled.bytes += 64 * 1024
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    }, { highWaterMark: 0 }) // pulled only when someone reads
    const req = new NextRequest('http://cn.localhost:3000/api/test', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(9 * 1024 * 1024), 'x-locale': 'en-US', ...headers },
      duplex: 'half',
    } as never)
    return { req, pulled }
  }
  const upload = route({ summary: 'test route', auth: 'user', multipart: true }, async ({ form }) => form?.getAll('file').length ?? 0)

  it('answers an unauthenticated upload 401 without reading a byte of it', async () => {
    const { req, pulled } = stalled({})
    const res = await upload(req, ctx)
    expect([res.status, (await res.json()).code]).toEqual([401, 40100])
    expect(pulled.bytes).toBe(0)
  })

  it('answers a declared length over the cap 413 without reading, once the caller is known', async () => {
    const token = await createSession({ userId: (await user()).id })
    const { req, pulled } = stalled({ authorization: `Bearer ${token}` })
    const res = await upload(req, ctx)
    expect([res.status, await res.json()]).toEqual([413, { code: 41300, msg: 'file too large (5 MB at most)', data: null }])
    expect(pulled.bytes).toBe(0)
  })

  it('counts the rate limits before reading the body', async () => {
    const token = await createSession({ userId: (await user()).id })
    let limited = 0
    const limitedRoute = route(
      {
        summary: 'test route',
        auth: 'user',
        multipart: true,
        bodyLimit: { bytes: 20 * 1024 * 1024, tooLarge: 'batchTooLarge' },
        rateLimit: async ({ user }) => {
          limited++
          expect(user.id).toBeTruthy()
          throw new AppError('rate_limited', 'rateLimited')
        },
      },
      async () => 'never',
    )
    const { req, pulled } = stalled({ authorization: `Bearer ${token}` })
    const res = await limitedRoute(req, ctx)
    expect([res.status, (await res.json()).code, limited, pulled.bytes]).toEqual([429, 42900, 1, 0])
  })

  it('refuses a form sent to a JSON route 415 without reading it', async () => {
    const { req, pulled } = stalled({})
    const res = await route({ summary: 'test route', auth: 'public' }, async () => 'never')(req, ctx)
    expect([res.status, pulled.bytes]).toEqual([415, 0])
  })

  it('hands a streaming route its body capped at the declared limit', async () => {
    const sizes = route({ summary: 'test route', auth: 'public', streamBody: true, bodyLimit: { bytes: 1024 * 1024, tooLarge: 'bodyTooLarge' } }, async ({ stream }) => {
      let size = 0
      const reader = stream!.getReader()
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) size += chunk.value.byteLength
      return size
    })
    const small = new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: new Uint8Array(300_000), headers: { 'content-type': 'audio/mpeg' } })
    expect(await (await sizes(small, ctx)).json()).toMatchObject({ code: 20000, data: 300_000 })
    const big = await sizes(streamed(3 * 1024 * 1024, 'audio/mpeg'), ctx)
    expect([big.status, (await big.json()).code]).toEqual([413, 41300])
  })
})

describe('text no handler can store', () => {
  const echo = route({ summary: 'test route', auth: 'public', multipart: true, query: z.object({ q: z.string().optional() }) }, async ({ form }) => form?.getAll('name') ?? [])

  it('refuses a NUL in JSON, form fields, file names, the query and the path with 40000 naming the field', async () => {
    const json = route({ summary: 'test route', auth: 'public', body: z.object({ key: z.string() }) }, async ({ body }) => body.key)
    expect(await (await json(post(JSON.stringify({ key: 'a\u0000b' }), { 'x-locale': 'en-US' }), ctx)).json()).toEqual({
      code: 40000,
      msg: 'key contains a NUL character, which text cannot hold',
      data: null,
    })
    const field = new FormData()
    field.set('name', 'a\0b')
    // A NUL in a file name can only arrive percent-encoded (RFC 5987); a raw one is a malformed body.
    const file = `--b\r\nContent-Disposition: form-data; name="upload"; filename*=utf-8''a%00.srt\r\n\r\nx\r\n--b--\r\n`
    const answers = await Promise.all([
      echo(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: field, headers: { 'x-locale': 'en-US' } }), ctx),
      echo(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: file, headers: { 'content-type': 'multipart/form-data; boundary=b', 'x-locale': 'en-US' } }), ctx),
      echo(new NextRequest('http://cn.localhost:3000/api/test?q=a%00b', { headers: { 'x-locale': 'en-US' } }), ctx),
      echo(new NextRequest('http://cn.localhost:3000/api/test/a%00b', { headers: { 'x-locale': 'en-US' } }), { params: Promise.resolve({ id: 'a\0b' }) }),
      echo(new NextRequest('http://cn.localhost:3000/api/test?q=ok&q=a%00b', { headers: { 'x-locale': 'ja-JP' } }), ctx),
    ])
    expect(await Promise.all(answers.map(async (r) => [r.status, (await r.json()).msg]))).toEqual([
      [400, 'name contains a NUL character, which text cannot hold'],
      [400, 'upload.0 contains a NUL character, which text cannot hold'],
      [400, 'q contains a NUL character, which text cannot hold'],
      [400, 'id contains a NUL character, which text cannot hold'],
      [400, 'q.1 に NUL 文字が含まれています（テキストには使えない文字です）'],
    ])
  })
})
