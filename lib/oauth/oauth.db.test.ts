import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcFake } from '@/fakes/oidc'
import { startWechatFake } from '@/fakes/wechat'
import type { FakeServer } from '@/fakes/server'
import { GET as googleAuth } from '@/app/api/google/auth/route'
import { GET as googleCallback } from '@/app/api/google/callback/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as wechatLogin } from '@/app/api/user/wechat_login/route'
import { GET as qrConfig } from '@/app/api/wechat/qr_config/route'
import { db } from '@/lib/db'
import { call, cookieHeader } from '@/test/route-harness'

let wechat: FakeServer
let oidc: Awaited<ReturnType<typeof startOidcFake>>

beforeAll(async () => {
  wechat = await startWechatFake({ appId: 'wx-test', secret: 'wx-secret' })
  oidc = await startOidcFake()
  // Set before the first env() read of this file's process.
  Object.assign(process.env, {
    WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'wx-secret', WECHAT_OPEN_BASE_URL: wechat.url, WECHAT_API_BASE_URL: wechat.url,
    GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER_URL: oidc.url,
  })
})
afterAll(async () => {
  await wechat.close()
  await oidc.close()
})

/** Runs the QR panel and the fake's "simulate scan": returns the code, the state and the state cookie. */
async function scan(nickname = 'Tester') {
  const config = await call(qrConfig, '/api/wechat/qr_config?redirect=%2Flogin', { method: 'GET' })
  expect(config.data).toMatchObject({ appId: 'wx-test', isSandbox: true, redirectUri: 'http://cn.localhost:3000/login' })
  const qr = new URL(config.data.qrconnectUrl)
  const confirm = new URL('/connect/confirm', wechat.url)
  for (const k of ['appid', 'redirect_uri', 'state']) confirm.searchParams.set(k, qr.searchParams.get(k)!)
  confirm.searchParams.set('nickname', nickname)
  const res = await fetch(confirm, { redirect: 'manual' })
  const back = new URL(res.headers.get('location')!)
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, cookie: cookieHeader(config) }
}

describe('WeChat sign-in', () => {
  it('signs in with a scanned code, once, keyed by unionid', async () => {
    const { code, state, cookie } = await scan('Wei')
    const first = await call(wechatLogin, '/api/user/wechat_login', { body: { code, state }, headers: { cookie } })
    expect(first.code).toBe(20000)
    expect(first.data).toMatchObject({ name: 'Wei', email: '', admin: false })
    const me = await call(profile, '/api/user/profile', { headers: { cookie: cookieHeader(first) } })
    expect(me.data.id).toBe(first.data.id)
    const reused = await call(wechatLogin, '/api/user/wechat_login', { body: { code, state }, headers: { cookie } })
    expect([reused.code, reused.msg]).toEqual([40000, 'WeChat authorization is invalid or already used, please scan again'])
    const second = await scan('Wei')
    const again = await call(wechatLogin, '/api/user/wechat_login', { body: { code: second.code, state: second.state }, headers: { cookie: second.cookie } })
    expect(again.data.id).toBe(first.data.id)
    expect(await db.user.count({ where: { wechatUnionId: { not: null } } })).toBe(1)
  })

  it('refuses bad codes and a missing or foreign state', async () => {
    const { code, state, cookie } = await scan()
    const bad = await call(wechatLogin, '/api/user/wechat_login', { body: { code: 'not-a-code', state }, headers: { cookie } })
    expect([bad.status, bad.code]).toEqual([400, 40000])
    const noCookie = await call(wechatLogin, '/api/user/wechat_login', { body: { code, state } })
    expect(noCookie.msg).toBe('WeChat sign-in has expired, please scan the QR code again')
    const other = await scan()
    const foreign = await call(wechatLogin, '/api/user/wechat_login', { body: { code, state }, headers: { cookie: other.cookie } })
    expect(foreign.code).toBe(40000)
    expect((await call(wechatLogin, '/api/user/wechat_login', { body: {}, headers: { cookie } })).code).toBe(40000)
  })

  it('sends the code back only to the login page', async () => {
    for (const redirect of ['/login', '/en-US/login', '/ja-JP/login']) {
      expect((await call(qrConfig, `/api/wechat/qr_config?redirect=${encodeURIComponent(redirect)}`, { method: 'GET' })).code).toBe(20000)
    }
    for (const redirect of ['/dashboard', '/api/user/logout?next=/x', '//evil.example/login', 'https://evil.example/login', '/login/../dashboard', '/xx-XX/login']) {
      const answer = await call(qrConfig, `/api/wechat/qr_config?redirect=${encodeURIComponent(redirect)}`, { method: 'GET' })
      expect([answer.status, answer.msg], redirect).toEqual([400, 'invalid redirect address'])
    }
  })

  it('keeps a scanned code valid when a newer QR panel opens in the same browser meanwhile', async () => {
    const { code, state, cookie } = await scan('Lin')
    // The login page loads a fresh QR code while the returned code is still being exchanged.
    const newer = await call(qrConfig, '/api/wechat/qr_config?redirect=%2Flogin', { method: 'GET', headers: { cookie } })
    const login = await call(wechatLogin, '/api/user/wechat_login', { body: { code, state }, headers: { cookie: cookieHeader(newer) } })
    expect(login.code).toBe(20000)
    expect(login.data.name).toBe('Lin')
  })
})

describe('Google sign-in', () => {
  const host = 'intl.localhost:3000'

  async function signIn() {
    const start = await call(googleAuth, '/api/google/auth?redirect_uri=http%3A%2F%2Fintl.localhost%3A3000%2Fauth%2Fcallback', { method: 'GET', host })
    expect(start.status).toBe(303)
    const authorize = new URL(start.location!)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('nonce')).toBeTruthy()
    const approved = await fetch(authorize, { redirect: 'manual' })
    const back = new URL(approved.headers.get('location')!)
    expect(back.pathname).toBe('/api/google/callback')
    return call(googleCallback, back.pathname + back.search, { method: 'GET', host, headers: { cookie: cookieHeader(start) } })
  }

  it('creates the account, sets the session cookie and lands on /auth/callback', async () => {
    const done = await signIn()
    expect([done.status, done.location]).toEqual([303, '/auth/callback'])
    const me = await call(profile, '/api/user/profile', { host, headers: { cookie: cookieHeader(done) } })
    expect(me.data).toMatchObject({ email: 'google.tester@example.com', name: 'Google Tester' })
    await signIn()
    expect(await db.user.count({ where: { googleSub: 'sandbox-google-user' } })).toBe(1)
  })

  it('links an existing account with the verified address', async () => {
    const existing = await db.user.create({ data: { email: 'linked@example.com', name: 'Linked' } })
    oidc.setUser({ sub: 'g-linked', email: 'Linked@example.com', name: 'Other name' })
    const done = await signIn()
    const me = await call(profile, '/api/user/profile', { host, headers: { cookie: cookieHeader(done) } })
    expect(me.data).toMatchObject({ id: existing.id, name: 'Linked' })
  })

  it('fails safely: a forged state, no flow cookie, a foreign redirect, the China host', async () => {
    const start = await call(googleAuth, '/api/google/auth?redirect_uri=%2Fauth%2Fcallback', { method: 'GET', host })
    const approved = await fetch(new URL(start.location!), { redirect: 'manual' })
    const back = new URL(approved.headers.get('location')!)
    back.searchParams.set('state', 'forged')
    const forged = await call(googleCallback, back.pathname + back.search, { method: 'GET', host, headers: { cookie: cookieHeader(start) } })
    expect(forged.location).toBe('/auth/callback?error=provider')
    expect(forged.cookies.some((c) => c.startsWith('ss_session=') && !/Max-Age=0/.test(c))).toBe(false)
    expect((await call(googleCallback, '/api/google/callback?code=x&state=y', { method: 'GET', host })).location).toBe('/auth/callback?error=provider')
    // Foreign origins, and our own origin with a path that a browser reads as another host.
    for (const target of ['https://evil.example/', 'http://intl.localhost:3000//evil.example/', 'http://intl.localhost:3000/\\evil.example/', '//evil.example', '/%2e%2e//evil.example', 'javascript:alert(1)']) {
      const evil = await call(googleAuth, `/api/google/auth?redirect_uri=${encodeURIComponent(target)}`, { method: 'GET', host })
      expect([evil.status, evil.code, evil.location], target).toEqual([400, 40000, null])
      const cnEvil = await call(googleAuth, `/api/google/auth?redirect_uri=${encodeURIComponent(target.replace('intl.', 'cn.'))}`, { method: 'GET' })
      expect([cnEvil.status, cnEvil.location], target).toEqual([400, null])
    }
    const unicode = await call(googleAuth, `/api/google/auth?redirect_uri=${encodeURIComponent('/ja-JP/auth/callback?x=\u202e')}`, { method: 'GET' })
    expect([unicode.status, unicode.location]).toEqual([303, '/ja-JP/auth/callback?x=%E2%80%AE&error=unavailable'])
    const cn = await call(googleAuth, '/api/google/auth?redirect_uri=%2Fauth%2Fcallback', { method: 'GET' })
    expect(cn.location).toBe('/auth/callback?error=unavailable')
  })
})
