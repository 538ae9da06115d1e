import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { GET as getFile } from '@/app/api/files/[...key]/route'
import { GET as googleAuth } from '@/app/api/google/auth/route'
import { GET as googleCallback } from '@/app/api/google/callback/route'
import { POST as upload } from '@/app/api/upload/route'
import { POST as adjustPoints } from '@/app/api/user/adjust_points/route'
import { POST as allUsers } from '@/app/api/user/all_users/route'
import { POST as createUserRoute } from '@/app/api/user/create_user/route'
import { POST as deleteUserRoute } from '@/app/api/user/delete_user/route'
import { POST as userDetail } from '@/app/api/user/detail/route'
import { GET as logoutGet, POST as logout } from '@/app/api/user/logout/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as register } from '@/app/api/user/register/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { POST as updateProfile } from '@/app/api/user/update_profile/route'
import { POST as updateUser } from '@/app/api/user/update_user/route'
import { POST as wechatLogin } from '@/app/api/user/wechat_login/route'
import { GET as qrConfig } from '@/app/api/wechat/qr_config/route'
import { createSession } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { hashPassword } from './passwords'
import { bearer, call, type Answer } from '@/test/route-harness'

// Nothing in the account flows may answer 500 on bad input: every endpoint gets malformed bodies,
// wrong types, huge strings, odd Unicode (NUL, lone surrogates, right-to-left marks, emoji) and
// missing fields, as a stranger and as a manager (so manager-only validation is reached too).

process.env.STORAGE_DIR = mkdtempSync(path.join(tmpdir(), 'ss-robust-'))
process.env.DEV_MAILBOX_FILE = path.join(mkdtempSync(path.join(tmpdir(), 'ss-robust-mail-')), 'mail.jsonl')

type Handler = Parameters<typeof call>[0]
const POSTS: [string, Handler][] = [
  ['/api/email/auth', emailAuth],
  ['/api/user/send_code', sendCode],
  ['/api/user/register', register],
  ['/api/user/wechat_login', wechatLogin],
  ['/api/user/profile', profile],
  ['/api/user/logout', logout],
  ['/api/user/update_profile', updateProfile],
  ['/api/user/create_user', createUserRoute],
  ['/api/user/all_users', allUsers],
  ['/api/user/delete_user', deleteUserRoute],
  ['/api/user/detail', userDetail],
  ['/api/user/update_user', updateUser],
  ['/api/user/adjust_points', adjustPoints],
  ['/api/upload', upload],
]

const huge = 'x'.repeat(200_000)
const odd = ['\u0000', 'a\u0000b@example.com', '\ud800', '\u202eevil', '😀😀', '　', '\u0000'.repeat(30), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd']
const RAW_BODIES = ['{"email":', '[]', '"text"', 'null', '42', 'true', '{}', '{"__proto__":{"admin":true}}', '\u0000', '{"a":1}{"b":2}', `{"email":"${huge}"}`]
const FIELD_VALUES: unknown[] = [null, 42, -1, 1e308, true, [], {}, ['a@b.co'], { $gt: '' }, '', '   ', huge, ...odd]
const FIELDS = ['email', 'pass', 'name', 'code', 'state', 'confirm', 'pic', 'id', 'page', 'size', 'admin', 'points', 'direction', 'reason', 'idempotencyKey', 'entries']

/**
 * The fields of FIELDS worth fuzzing on an endpoint: those its body schema (route()'s contract)
 * reads, all of them when the schema is not a plain object, and `admin`, which none may take. A
 * field the schema does not read is dropped before the handler runs, so any value of it is the
 * same call as the base body.
 */
function fieldsOf(handler: Handler): string[] {
  let schema = (handler as { contract?: { body?: unknown } }).contract?.body
  while (schema instanceof z.ZodPipe) schema = schema.in
  const read = schema === undefined ? [] : schema instanceof z.ZodObject ? Object.keys(schema.shape) : FIELDS
  return FIELDS.filter((field) => field === 'admin' || read.includes(field))
}

let managerId: string
let managerToken: string
const answers: Answer[] = []

beforeAll(async () => {
  const passwordHash = await hashPassword('secret1')
  const manager = await db.user.create({ data: { email: 'robust-boss@example.com', name: 'Boss', isAdmin: true, passwordHash } })
  managerId = manager.id
  managerToken = await createSession({ userId: manager.id })
})

/** The manager's token, or a throwaway session of theirs for sign-out (which would end the shared one). */
async function auth(url: string) {
  return bearer(url === '/api/user/logout' ? await createSession({ userId: managerId }) : managerToken)
}

async function expectNo500(handler: Handler, url: string, options: Parameters<typeof call>[2]) {
  const answer = await call(handler, url, options)
  answers.push(answer)
  expect.soft(answer.status, `${url} ${JSON.stringify(options).slice(0, 200)} → ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  return answer
}

describe('no 500 on bad input', () => {
  it('survives malformed raw bodies on every POST endpoint', async () => {
    for (const [url, handler] of POSTS) {
      for (const raw of RAW_BODIES) {
        for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', ...(await auth(url)) }, { 'content-type': 'text/plain' }]) {
          await expectNo500(handler, url, { raw, headers })
        }
      }
      // Form bodies on JSON endpoints, and a truncated multipart body.
      await expectNo500(handler, url, { raw: 'email=a%40b.co', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(await auth(url)) } })
      await expectNo500(handler, url, { raw: '--x\r\nContent-Disposition: form-data; name="avatar"', headers: { 'content-type': 'multipart/form-data; boundary=x', ...(await auth(url)) } })
    }
  })

  it('survives wrong types, huge strings and odd Unicode in every field an endpoint reads', async () => {
    const base: Record<string, unknown> = { email: 'ok@example.com', pass: 'secret1', name: 'Okay', code: '123456', state: 's', confirm: 'secret1', id: 'nobody', page: 1, size: 10, admin: true, points: 5, direction: 'grant', reason: 'ok', idempotencyKey: 'robust', entries: 5 }
    for (const [url, handler] of POSTS) {
      for (const field of fieldsOf(handler)) {
        for (const value of FIELD_VALUES) {
          const body = { ...base, [field]: value }
          await expectNo500(handler, url, { body, headers: await auth(url) })
        }
        const { [field]: _dropped, ...missing } = base
        await expectNo500(handler, url, { body: missing, headers: await auth(url) })
      }
    }
  }, 300_000)

  it('survives odd query strings, paths and headers on the GET endpoints', async () => {
    const values = ['', '%00', '%2F%2Fevil.example', 'javascript:alert(1)', encodeURIComponent(huge.slice(0, 8000)), '%E0%A4%A', encodeURIComponent('/\u202e/x'), 'http://cn.localhost:3000//evil.example']
    for (const v of values) {
      await expectNo500(googleAuth, `/api/google/auth?redirect_uri=${v}`, { method: 'GET' })
      await expectNo500(googleAuth, `/api/google/auth?redirect_uri=${v}`, { method: 'GET', host: 'intl.localhost:3000' })
      await expectNo500(googleCallback, `/api/google/callback?code=${v}&state=${v}`, { method: 'GET', host: 'intl.localhost:3000', headers: { cookie: `ss_oidc=${v}` } })
      await expectNo500(qrConfig, `/api/wechat/qr_config?redirect=${v}`, { method: 'GET' })
      await expectNo500(logoutGet, `/api/user/logout?next=${v}`, { method: 'GET', headers: { cookie: `ss_session=${v}` } })
      await expectNo500(getFile, `/api/files/avatars/${v}`, { method: 'GET', params: { key: ['avatars', decodeURIComponentSafe(v)] } })
    }
    const oddHeaders: Record<string, string>[] = [{ authorization: 'Bearer ' + 'x'.repeat(5000) }, { authorization: 'Bearer' }, { user_sessionid: '\u00ff' }, { cookie: 'ss_session=Fe26.2**garbage' }, { 'x-locale': 'xx' }, { 'accept-language': ';q=abc,,,' }]
    for (const headers of oddHeaders) {
      await expectNo500(profile, '/api/user/profile', { headers })
      await expectNo500(emailAuth, '/api/email/auth', { body: { email: 'a@b.co', pass: 'secret1' }, headers })
    }
  })

  it('never leaks a password hash or a stack trace', async () => {
    // The manager stayed signed in throughout, so manager-only validation was really reached.
    expect((await call(profile, '/api/user/profile', { headers: bearer(managerToken) })).code).toBe(20000)
    expect(answers.filter((a) => a.code === 40100).length).toBeLessThan(answers.length / 2)
    expect(answers.length).toBeGreaterThan(1000)
    for (const answer of answers) {
      expect(answer.text).not.toMatch(/passwordHash|\$argon2|at \w+ \(|prisma/i)
    }
  })
})

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
