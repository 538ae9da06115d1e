import { expect, test } from '@playwright/test'
import { E2E } from './env'
import { DEMO } from './helpers'

// What only the running production server can show: Next.js routing, the proxy, real HTTP.
const cn = { host: E2E.cnHost }

test.describe('hardening over real HTTP', () => {
  test('a malformed percent-encoding in an API path answers 400 in the envelope', async ({ request }) => {
    for (const path of ['/api/tasks/%ff', '/api/tasks/%E0%A4%A/segments/1']) {
      const res = await request.get(`${E2E.apiUrl}${path}`, { headers: { ...cn, 'x-locale': 'en-US' } })
      expect(res.status()).toBe(400)
      expect(await res.json()).toEqual({ code: 40000, msg: 'the address contains a malformed percent-encoding', data: null })
    }
  })

  test('answers that depend on the caller are never cached: Cache-Control no-store', async ({ request }) => {
    const signIn = await request.post(`${E2E.apiUrl}/api/email/auth`, { headers: cn, data: { email: DEMO.user.email, pass: DEMO.user.password } })
    expect(signIn.headers()['cache-control']).toBe('no-store')
    const auth = { ...cn, authorization: `Bearer ${(await signIn.json()).data.token}` }
    for (const path of ['/api/tasks', '/api/glossary', '/api/tasks/0']) {
      const res = await request.get(`${E2E.apiUrl}${path}`, { headers: auth })
      expect({ path, cacheControl: res.headers()['cache-control'] }).toEqual({ path, cacheControl: 'no-store' })
    }
  })

  test('broken Unicode, non-JSON bodies and a GET sign-out never reach a 500 or end a session', async ({ request }) => {
    const surrogate = await request.post(`${E2E.apiUrl}/api/user/send_code`, { headers: { ...cn, 'content-type': 'application/json', 'x-locale': 'en-US' }, data: '{"email":"a\\ud800@example.com"}' })
    expect([surrogate.status(), (await surrogate.json()).code]).toEqual([400, 40000])
    const plain = await request.post(`${E2E.apiUrl}/api/email/auth`, { headers: { ...cn, 'content-type': 'text/plain' }, data: JSON.stringify({ email: DEMO.user.email, pass: DEMO.user.password }) })
    expect([plain.status(), (await plain.json()).code]).toEqual([415, 41500])
    const signIn = await request.post(`${E2E.apiUrl}/api/email/auth`, { headers: cn, data: { email: DEMO.user.email, pass: DEMO.user.password } })
    const auth = { ...cn, authorization: `Bearer ${(await signIn.json()).data.token}` }
    await request.get(`${E2E.apiUrl}/api/user/logout`, { headers: auth, maxRedirects: 0 })
    expect((await (await request.post(`${E2E.apiUrl}/api/user/profile`, { headers: auth })).json()).code).toBe(20000)
    await request.post(`${E2E.apiUrl}/api/user/logout`, { headers: auth })
    expect((await (await request.post(`${E2E.apiUrl}/api/user/profile`, { headers: auth })).json()).code).toBe(40100)
  })
})
