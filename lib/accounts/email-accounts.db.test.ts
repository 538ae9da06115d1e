import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as logout } from '@/app/api/user/logout/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as register } from '@/app/api/user/register/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { db } from '@/lib/db'
import { bearer, call, cookieHeader, type Answer } from '@/test/route-harness'

const mailbox = path.join(mkdtempSync(path.join(tmpdir(), 'ss-mail-')), 'mail.jsonl')
process.env.DEV_MAILBOX_FILE = mailbox

function lastCode(to: string): string {
  const lines = readFileSync(mailbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; text: string })
  const mail = lines.reverse().find((m) => m.to === to)
  return /\b(\d{6})\b/.exec(mail?.text ?? '')![1]
}

const seen: Answer[] = []
async function post(handler: Parameters<typeof call>[0], path: string, body?: unknown, headers?: Record<string, string>) {
  const answer = await call(handler, path, { body, headers })
  seen.push(answer)
  return answer
}

async function registered(email: string, pass = 'secret1') {
  await post(sendCode, '/api/user/send_code', { email })
  return post(register, '/api/user/register', { email, name: 'Ann', pass, code: lastCode(email) })
}

describe('form validation (40000 with the rule message)', () => {
  const cases: [string, Parameters<typeof call>[0], string, unknown, string][] = [
    ['send_code: email missing', sendCode, '/api/user/send_code', {}, 'please enter email address'],
    ['send_code: email empty', sendCode, '/api/user/send_code', { email: '  ' }, 'please enter email address'],
    ['send_code: email invalid', sendCode, '/api/user/send_code', { email: 'nope@x' }, 'please enter a valid email address'],
    ['login: email missing', emailAuth, '/api/email/auth', { pass: 'secret1' }, 'please enter email address'],
    ['login: email invalid', emailAuth, '/api/email/auth', { email: 'a b@c.d', pass: 'secret1' }, 'please enter a valid email address'],
    ['login: password missing', emailAuth, '/api/email/auth', { email: 'a@b.co' }, 'please enter your password'],
    ['login: password short', emailAuth, '/api/email/auth', { email: 'a@b.co', pass: '12345' }, 'password must be at least 6 characters'],
    ['register: email missing', register, '/api/user/register', { name: 'Ann', pass: 'secret1', code: '123456' }, 'please enter email address'],
    ['register: email invalid', register, '/api/user/register', { email: 'ann@', name: 'Ann', pass: 'secret1', code: '123456' }, 'please enter a valid email address'],
    ['register: password missing', register, '/api/user/register', { email: 'a@b.co', name: 'Ann', code: '123456' }, 'please enter your password'],
    ['register: name missing', register, '/api/user/register', { email: 'a@b.co', pass: 'secret1', code: '123456' }, 'please enter a name'],
    ['register: name short', register, '/api/user/register', { email: 'a@b.co', name: 'A', pass: 'secret1', code: '123456' }, 'name must be 2 to 20 characters'],
    ['register: password short', register, '/api/user/register', { email: 'a@b.co', name: 'Ann', pass: '123', code: '123456' }, 'password must be at least 6 characters'],
    ['register: code missing', register, '/api/user/register', { email: 'a@b.co', name: 'Ann', pass: 'secret1' }, 'please enter the verification code'],
    ['register: code not 6 digits', register, '/api/user/register', { email: 'a@b.co', name: 'Ann', pass: 'secret1', code: '12a456' }, 'verification code must be 6 digits'],
    ['register: code too long', register, '/api/user/register', { email: 'a@b.co', name: 'Ann', pass: 'secret1', code: '1234567' }, 'verification code must be 6 digits'],
  ]
  for (const [label, handler, url, body, msg] of cases) {
    it(label, async () => {
      const answer = await post(handler, url, body)
      expect(answer.status).toBe(400)
      expect({ code: answer.code, msg: answer.msg, data: answer.data }).toEqual({ code: 40000, msg, data: null })
    })
  }

  it('refuses control characters in addresses and names (PostgreSQL cannot even store a NUL)', async () => {
    for (const [handler, url] of [[sendCode, '/api/user/send_code'], [emailAuth, '/api/email/auth'], [register, '/api/user/register']] as const) {
      const answer = await post(handler, url, { email: 'a\u0000b@example.com', name: 'Ann', pass: 'secret1', code: '123456' })
      expect([answer.status, answer.code, answer.msg]).toEqual([400, 40000, 'please enter a valid email address'])
    }
    const named = await post(register, '/api/user/register', { email: 'a@b.co', name: 'An\u0000n', pass: 'secret1', code: '123456' })
    expect([named.code, named.msg]).toEqual([40000, 'name contains characters that are not allowed'])
  })

  it('counts name length as people see it: an emoji is one character', async () => {
    const short = await post(register, '/api/user/register', { email: 'a@b.co', name: '😀', pass: 'secret1', code: '123456' })
    expect(short.msg).toBe('name must be 2 to 20 characters')
    const long = await post(register, '/api/user/register', { email: 'a@b.co', name: '😀'.repeat(21), pass: 'secret1', code: '123456' })
    expect(long.msg).toBe('name must be 2 to 20 characters')
    // Twenty emoji are forty UTF-16 units but twenty characters: the name rule passes, the code is next.
    const fits = await post(register, '/api/user/register', { email: 'a@b.co', name: '😀'.repeat(20), pass: 'secret1', code: '123456' })
    expect(fits.msg).toMatch(/verification code/)
  })

  it('never answers 500 on malformed or odd bodies', async () => {
    for (const [handler, url] of [[sendCode, '/api/user/send_code'], [register, '/api/user/register'], [emailAuth, '/api/email/auth']] as const) {
      for (const raw of ['{"email":', '[]', '"text"', 'null', '42', '{"email":{"$gt":""},"pass":["x"]}']) {
        const answer = await call(handler, url, { raw, headers: { 'content-type': 'application/json' } })
        seen.push(answer)
        expect(answer.status, `${url} ${raw}`).toBe(400)
      }
    }
  })
})

describe('verification codes', () => {
  it('mails a code, refuses a wrong one, registers with the right one and signs in', async () => {
    const email = 'New.User@Example.com'
    expect((await post(sendCode, '/api/user/send_code', { email })).code).toBe(20000)
    const code = lastCode('new.user@example.com')
    const wrong = await post(register, '/api/user/register', { email, name: 'Ann', pass: 'secret1', code: code === '000000' ? '111111' : '000000' })
    expect([wrong.code, wrong.msg]).toEqual([40000, 'verification code is incorrect'])
    const ok = await post(register, '/api/user/register', { email, name: ' Ann ', pass: 'secret1', code })
    expect(ok.code).toBe(20000)
    expect(ok.data).toMatchObject({ email: 'new.user@example.com', name: 'Ann', pic: '', admin: false })
    expect(ok.data.token).toEqual(expect.any(String))
    expect(ok.cookies.join()).toContain('ss_session=')
    // Stored as argon2id; the code row is gone once used, and codes are only ever kept hashed.
    expect((await db.user.findUniqueOrThrow({ where: { email: 'new.user@example.com' } })).passwordHash).toMatch(/^\$argon2id\$/)
    expect(await db.verificationCode.count({ where: { email: 'new.user@example.com' } })).toBe(0)
    const again = await post(register, '/api/user/register', { email, name: 'Ann', pass: 'secret1', code })
    expect(again.msg).toMatch(/expired/)
  })

  it('allows one code a minute per address', async () => {
    await post(sendCode, '/api/user/send_code', { email: 'cool@example.com' })
    const row = await db.verificationCode.findUniqueOrThrow({ where: { email_purpose: { email: 'cool@example.com', purpose: 'signup' } } })
    expect(row.codeHash).not.toContain(lastCode('cool@example.com'))
    expect(row.expiresAt.getTime() - row.sentAt.getTime()).toBe(10 * 60 * 1000)
    const second = await post(sendCode, '/api/user/send_code', { email: 'cool@example.com' })
    expect(second.status).toBe(429)
    expect(second.code).toBe(42900)
  })

  it('refuses a sixth try even with the right code', async () => {
    const email = 'tries@example.com'
    await post(sendCode, '/api/user/send_code', { email })
    const code = lastCode(email)
    const wrong = code === '999999' ? '999998' : '999999'
    for (let i = 0; i < 5; i++) expect((await post(register, '/api/user/register', { email, name: 'Ann', pass: 'secret1', code: wrong })).msg).toBe('verification code is incorrect')
    const sixth = await post(register, '/api/user/register', { email, name: 'Ann', pass: 'secret1', code })
    expect([sixth.code, sixth.msg]).toEqual([40000, 'too many wrong codes, please get a new one'])
    expect(await db.user.count({ where: { email } })).toBe(0)
  })

  it('does not register a taken address twice', async () => {
    await registered('taken@example.com')
    await db.verificationCode.deleteMany()
    const second = await registered('taken@example.com')
    expect([second.status, second.code, second.msg]).toEqual([409, 40900, 'this email is already registered'])
  })
})

describe('email sign-in and sessions', () => {
  beforeAll(async () => {
    await registered('sign.in@example.com', 'right-pass')
  })

  it('starts a new session on every sign-in and ends it on sign-out', async () => {
    const a = await post(emailAuth, '/api/email/auth', { email: 'SIGN.IN@example.com', pass: 'right-pass' })
    const b = await post(emailAuth, '/api/email/auth', { email: 'sign.in@example.com', pass: 'right-pass' })
    expect(a.code).toBe(20000)
    expect(a.data.token).not.toBe(b.data.token)
    const me = await post(profile, '/api/user/profile', undefined, { cookie: cookieHeader(a) })
    expect(me.data).toMatchObject({ email: 'sign.in@example.com', admin: false })
    expect(me.cookies.join()).toContain('ss_session=')
    const out = await post(logout, '/api/user/logout', undefined, bearer(a.data.token))
    expect(out.code).toBe(20000)
    const dead = await post(profile, '/api/user/profile', undefined, bearer(a.data.token))
    expect([dead.status, dead.code, dead.msg]).toEqual([401, 40100, 'user session not found, please log in again'])
    expect((await post(profile, '/api/user/profile', undefined, bearer(b.data.token))).code).toBe(20000)
  })

  it('counts only failed sign-ins against the network, so many people can sign in', async () => {
    // The network allowance is 50 failures per 10 minutes; successful sign-ins never use it up.
    for (let i = 0; i < 55; i++) {
      const ok = await post(emailAuth, '/api/email/auth', { email: 'sign.in@example.com', pass: 'right-pass' }, { 'x-forwarded-for': '203.0.113.9' })
      expect(ok.code, `sign-in ${i + 1}`).toBe(20000)
    }
  })

  it('slows down after five failures for one address, existing or not', async () => {
    for (const email of ['sign.in@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 5; i++) {
        const wrong = await post(emailAuth, '/api/email/auth', { email, pass: 'wrong-pass' })
        expect([wrong.code, wrong.msg]).toEqual([40000, 'email or password is incorrect'])
      }
      const blocked = await post(emailAuth, '/api/email/auth', { email, pass: 'right-pass' })
      expect([blocked.status, blocked.code]).toEqual([429, 42900])
      expect(blocked.msg).toMatch(/^too many failed sign-ins, please try again in \d+ minutes$/)
    }
  })

  it('never sends a password hash', () => {
    expect(seen.length).toBeGreaterThan(20)
    for (const answer of seen) {
      expect(answer.text).not.toMatch(/passwordHash|\$argon2/)
    }
  })
})
