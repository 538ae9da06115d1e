// Separate keys derived from SESSION_SECRET for the cookie and the code hashes, and error logs
// without personal data.
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unsealData } from 'iron-session'
import { describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { createUser } from '@/lib/accounts/users'
import { call, cookieHeader } from '@/test/route-harness'
import { db } from '@/lib/db'
import { route } from '@/lib/http/route'
import { log } from '@/lib/log'
import { derivedKey } from './keys'

const mailbox = path.join(mkdtempSync(path.join(tmpdir(), 'ss-secrets-')), 'mail.jsonl')
process.env.DEV_MAILBOX_FILE = mailbox
const SECRET = process.env.SESSION_SECRET!

describe('derived keys', () => {
  it('are 32 bytes, one per purpose, none of them the secret, the same on every call', () => {
    const cookie = derivedKey('cookie-seal')
    const codes = derivedKey('code-hash')
    expect(cookie).toHaveLength(32)
    expect(cookie.equals(codes)).toBe(false)
    expect(cookie.toString('utf8')).not.toContain(SECRET)
    expect(derivedKey('cookie-seal').equals(cookie)).toBe(true)
    expect(derivedKey('cookie-seal', 'another-secret-0123456789abcdef0123').equals(cookie)).toBe(false)
  })

  it('seal the session cookie with the cookie key: the raw secret cannot open it', async () => {
    await createUser({ email: 'keys@example.com', name: 'Keys', password: 'right-pass' })
    const signedIn = await call(emailAuth, '/api/email/auth', { body: { email: 'keys@example.com', pass: 'right-pass' } })
    const sealed = signedIn.cookies[0].split(';')[0].split('=').slice(1).join('=')
    // iron-session answers an empty object for a seal it cannot open.
    expect(await unsealData(sealed, { password: SECRET })).toEqual({})
    expect(await unsealData(sealed, { password: derivedKey('cookie-seal').toString('hex') })).toEqual({ token: signedIn.data.token })
    expect((await call(profile, '/api/user/profile', { headers: { cookie: cookieHeader(signedIn) } })).code).toBe(20000)
  })

  it('hash verification codes with the code key, not the raw secret', async () => {
    await call(sendCode, '/api/user/send_code', { body: { email: 'code.keys@example.com' } })
    const mail = readFileSync(mailbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((m) => m.to === 'code.keys@example.com')
    const code = /\b(\d{6})\b/.exec(mail.text)![1]
    const { codeHash } = await db.verificationCode.findUniqueOrThrow({ where: { email_purpose: { email: 'code.keys@example.com', purpose: 'signup' } } })
    expect(codeHash).not.toBe(createHmac('sha256', SECRET).update(`code.keys@example.com\n${code}`).digest('hex'))
    expect(codeHash).toBe(createHmac('sha256', derivedKey('code-hash')).update(`code.keys@example.com\n${code}`).digest('hex'))
  })
})

describe('error logs', () => {
  async function captured(run: () => Promise<unknown>): Promise<string> {
    const lines: string[] = []
    const original = console.error
    const level = process.env.LOG_LEVEL
    console.error = (line: string) => lines.push(line)
    delete process.env.LOG_LEVEL
    try {
      await run()
    } finally {
      console.error = original
      process.env.LOG_LEVEL = level
    }
    return lines.join('\n')
  }

  it('never carry the emails or values of a failed request, only what helps find it', async () => {
    // A real database failure whose message quotes the request's values.
    const failing = route({ summary: 'test route', auth: 'public' }, async () =>
      db.user.create({ data: { email: 'private.person@example.com', name: 'Private Person', id: 'x'.repeat(5), isAdmin: 'yes' as unknown as boolean } }),
    )
    let status = 0
    const output = await captured(async () => {
      const res = await failing(new NextRequest('http://cn.localhost:3000/api/test', { method: 'POST', headers: { 'x-request-id': 'req-42' } }), { params: Promise.resolve({}) })
      status = res.status
    })
    expect(status).toBe(500)
    const entry = JSON.parse(output)
    expect(entry).toMatchObject({ level: 'error', event: 'request.failed', requestId: 'req-42', path: '/api/test' })
    // What helps find the fault stays: the call and the field at fault, not the values.
    expect(entry.error.message).toContain('user.create()')
    expect(entry.error.message).toContain('Argument `isAdmin`')
    expect(output).not.toContain('private.person')
    expect(output).not.toContain('Private Person')
  })

  it('redact emails in any field and in error causes', async () => {
    const output = await captured(async () => {
      log.error('mail.failed', { to: 'ann@example.com', error: new Error('550 <ann@example.com>: Recipient rejected', { cause: new Error("user 'bob@example.org' unknown") }) })
    })
    expect(output).not.toMatch(/ann@|bob@/)
    expect(JSON.parse(output)).toMatchObject({ to: '[email]', error: { message: '550 <[email]>: Recipient rejected', cause: { message: "user '[redacted]' unknown" } } })
  })
})
