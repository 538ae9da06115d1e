// Requests that change state are what they claim: the Origin check compares scheme, host and
// port; JSON routes read JSON only; forwarded hosts count only behind a trusted proxy; absolute
// URLs and redirects name configured hosts only.
import { afterEach, describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { z } from 'zod'
import { startWechatFake } from '@/fakes/wechat'
import { configuredOrigin } from '@/lib/site'
import { call } from '@/test/route-harness'
import { homeRedirect } from './home-redirect'
import { route } from './route'
import { GET as qrConfig } from '@/app/api/wechat/qr_config/route'

const ctx = { params: Promise.resolve({}) }
const echo = route({ summary: 'test route', auth: 'public', body: z.object({ name: z.string() }) }, async ({ body }) => body.name)
const upload = route({ summary: 'test route', auth: 'public', multipart: true }, async ({ form }) => (form?.get('file') as File | null)?.name ?? null)

function post(body: string | FormData, headers: Record<string, string>) {
  return new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body, headers: { host: 'cn.localhost:3000', ...headers } })
}

afterEach(() => {
  delete process.env.TRUST_PROXY
})

describe('Origin check', () => {
  it('compares scheme, host and port', async () => {
    const json = { 'content-type': 'application/json' }
    const cases: [string, number][] = [
      ['http://cn.localhost:3000', 200],
      ['https://cn.localhost:3000', 403], // another scheme is another origin
      ['http://cn.localhost:3001', 403],
      ['http://cn.localhost', 403],
      ['http://intl.localhost:3000', 403],
      ['http://cn.localhost:3000.evil.example', 403],
      ['null', 403],
      ['ftp://cn.localhost:3000', 403],
    ]
    for (const [origin, status] of cases) {
      expect({ origin, status: (await echo(post('{"name":"a"}', { ...json, origin }), ctx)).status }).toEqual({ origin, status })
    }
  })

  it('ignores X-Forwarded-Host and -Proto unless TRUST_PROXY=1', async () => {
    const headers = { 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
    expect((await echo(post('{"name":"a"}', headers), ctx)).status).toBe(403)
    process.env.TRUST_PROXY = '1'
    // Behind our balancer the forwarded host and scheme are the visitor's.
    const behind = { 'content-type': 'application/json', origin: 'https://cn.example.com', 'x-forwarded-host': 'cn.example.com', 'x-forwarded-proto': 'https' }
    expect((await echo(post('{"name":"a"}', behind), ctx)).status).toBe(200)
  })
})

describe('JSON routes', () => {
  it('refuse bodies that are not application/json with 415 / 41500', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '']) {
      const headers: Record<string, string> = type ? { 'content-type': type, 'x-locale': 'en-US' } : { 'x-locale': 'en-US' }
      const res = await echo(post('{"name":"a"}', headers), ctx)
      expect({ type, status: res.status, body: await res.json() }).toEqual({
        type, status: 415, body: { code: 41500, msg: 'the request body must be JSON (Content-Type: application/json)', data: null },
      })
    }
  })

  it('accept application/json with parameters and +json types, and an empty body of any type', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      expect((await echo(post('{"name":"a"}', { 'content-type': type }), ctx)).status).toBe(200)
    }
    const empty = route({ summary: 'test route', auth: 'public' }, async () => 'ok')
    expect((await empty(post('', { 'content-type': 'text/plain' }), ctx)).status).toBe(200)
  })

  it('leave multipart routes reading multipart', async () => {
    const form = new FormData()
    form.set('file', new File(['x'], 'a.srt'))
    const res = await upload(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', body: form }), ctx)
    expect(await res.json()).toMatchObject({ code: 20000, data: 'a.srt' })
  })
})

describe('redirects and absolute URLs', () => {
  it('name a configured host whatever Host header arrives', () => {
    const origin = (host: string, extra: Record<string, string> = {}) => configuredOrigin(new Headers({ host, ...extra }), 'http:')
    expect(origin('cn.localhost:3000')).toBe('http://cn.localhost:3000')
    expect(origin('intl.localhost:3000')).toBe('http://intl.localhost:3000')
    expect(origin('evil.example')).toBe('http://cn.localhost')
    expect(origin('evil.example/x.localhost')).toBe('http://cn.localhost')
    expect(origin('user@evil.example')).toBe('http://cn.localhost')
    expect(origin('cn.localhost:3000', { 'x-forwarded-host': 'evil.example' })).toBe('http://cn.localhost:3000')
    process.env.TRUST_PROXY = '1'
    expect(origin('10.0.0.5:3000', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toBe('http://cn.localhost')
  })

  it('sends WeChat back to a configured host even when the Host header is forged', async () => {
    const wechat = await startWechatFake({ appId: 'wx-test', secret: 'wx-secret' })
    try {
      Object.assign(process.env, { WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'wx-secret', WECHAT_OPEN_BASE_URL: wechat.url, WECHAT_API_BASE_URL: wechat.url })
      const forged = await call(qrConfig, '/api/wechat/qr_config?redirect=%2Flogin', { method: 'GET', host: 'evil.example' })
      expect(forged.data.redirectUri).toBe('http://cn.localhost/login')
      const spoofed = await call(qrConfig, '/api/wechat/qr_config?redirect=%2Flogin', { method: 'GET', headers: { 'x-forwarded-host': 'evil.example' } })
      expect(spoofed.data.redirectUri).toBe('http://cn.localhost:3000/login')
    } finally {
      await wechat.close()
    }
  })

  it('sends a signed-in visitor of / to the dashboard on a configured host', () => {
    const visit = (path: string, host: string) => new NextRequest(`http://${host}${path}`, { headers: { host, cookie: 'ss_session=x' } })
    const forged = homeRedirect(visit('/', 'evil.example'), 'zh-CN')
    expect([forged?.status, forged?.headers.get('location')]).toEqual([307, 'http://cn.localhost/dashboard'])
    expect(homeRedirect(visit('/ja-JP', 'intl.localhost:3000'), 'en-US')?.headers.get('location')).toBe('http://intl.localhost:3000/ja-JP/dashboard')
    expect(homeRedirect(visit('/pricing', 'cn.localhost:3000'), 'zh-CN')).toBeNull()
    // The manager guard's notice travels on; nothing else from the query does.
    expect(homeRedirect(visit('/?notice=admin-only&x=1', 'cn.localhost:3000'), 'zh-CN')?.headers.get('location')).toBe('http://cn.localhost:3000/dashboard?notice=admin-only')
    expect(homeRedirect(visit('/?notice=other', 'cn.localhost:3000'), 'zh-CN')?.headers.get('location')).toBe('http://cn.localhost:3000/dashboard')
  })
})
