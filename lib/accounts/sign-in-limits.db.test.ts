// Sign-in limits that hold under concurrency and cannot lock the owner out, and send_code limits
// that count only codes actually sent.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { db } from '@/lib/db'
import { createUser } from './users'
import { call } from '@/test/route-harness'

// Behind our load balancer, so each X-Forwarded-For is a client address of its own.
process.env.TRUST_PROXY = '1'
process.env.DEV_MAILBOX_FILE = path.join(mkdtempSync(path.join(tmpdir(), 'ss-limits-')), 'mail.jsonl')

const signIn = (email: string, pass: string, ip: string) => call(emailAuth, '/api/email/auth', { body: { email, pass }, headers: { 'x-forwarded-for': ip } })

async function owner(email: string) {
  await createUser({ email, name: 'Owner', password: 'right-pass' })
}

describe('password sign-in limits', () => {
  beforeAll(async () => {
    await owner('target@example.com')
    await owner('owner@example.com')
    await owner('shared@example.com')
  })

  it('checks at most 5 of 41 concurrent guesses from one client on one address', async () => {
    const guesses = Array.from({ length: 41 }, (_, i) => (i === 40 ? 'right-pass' : `wrong-${i}`))
    const answers = await Promise.all(guesses.map((pass) => signIn('target@example.com', pass, '198.51.100.1')))
    const checked = answers.filter((a) => a.code === 40000 || a.code === 20000)
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a.code === 42900).length).toBeGreaterThanOrEqual(36)
    // The right password, sent after the lock, is refused from this client.
    expect((await signIn('target@example.com', 'right-pass', '198.51.100.1')).code).toBe(42900)
  })

  it('locks the pair (address, client), not the owner signing in from another client', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('owner@example.com', 'wrong-pass', '198.51.100.2')).code).toBe(40000)
    const locked = await signIn('owner@example.com', 'right-pass', '198.51.100.2')
    expect([locked.status, locked.code]).toEqual([429, 42900])
    expect(locked.msg).toMatch(/^too many failed sign-ins, please try again in \d+ minutes$/)
    const elsewhere = await signIn('owner@example.com', 'right-pass', '192.0.2.77')
    expect(elsewhere.code).toBe(20000)
  })

  it('slows an address attacked from many clients to one try every 30 seconds, and says so', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('shared@example.com', 'wrong-pass', `203.0.113.${i + 1}`)).code).toBe(40000)
    expect((await signIn('shared@example.com', 'wrong-pass', '203.0.113.50')).code).toBe(40000)
    const slowed = await signIn('shared@example.com', 'right-pass', '203.0.113.51')
    expect([slowed.status, slowed.code]).toEqual([429, 42900])
    expect(slowed.msg).toMatch(/^too many sign-in attempts on this account, please try again in \d+ seconds$/)
    // When the 30 s slot has passed, the owner gets in from a fresh client.
    await db.rateLimit.deleteMany({ where: { key: 'sign-in-slot:shared@example.com' } })
    expect((await signIn('shared@example.com', 'right-pass', '203.0.113.52')).code).toBe(20000)
  })

  it('refuses a client trying many addresses after 50 failures', async () => {
    for (let i = 0; i < 50; i++) expect((await signIn(`nobody${i}@example.com`, 'wrong-pass', '198.51.100.9')).code).toBe(40000)
    const refused = await signIn('nobody-else@example.com', 'wrong-pass', '198.51.100.9')
    expect([refused.status, refused.code]).toEqual([429, 42900])
  })
})

describe('send_code limits', () => {
  it('counts only codes actually sent: ten quick requests do not block the address for an hour', async () => {
    const email = 'newcomer@example.com'
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await call(sendCode, '/api/user/send_code', { body: { email }, headers: { 'x-forwarded-for': '198.51.100.30' } }))
    expect(answers.map((a) => a.code)).toEqual([20000, ...Array(9).fill(42900)])
    // A minute later (the cooldown moved back), a code can be sent again.
    for (let i = 0; i < 3; i++) {
      await db.verificationCode.update({ where: { email_purpose: { email, purpose: 'signup' } }, data: { sentAt: new Date(Date.now() - 120_000) } })
      expect((await call(sendCode, '/api/user/send_code', { body: { email }, headers: { 'x-forwarded-for': '198.51.100.30' } })).code).toBe(20000)
    }
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key: `send-code-email:${email}` } })).count).toBe(4)
  })
})
