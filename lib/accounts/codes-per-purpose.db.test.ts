// Sign-up and reset codes are kept apart: whatever anyone asks for an address, the reset code its
// owner was mailed keeps working its 10 minutes, and using up the address's sign-up codes never
// blocks its recovery (nor the other way round). Real PostgreSQL, real SMTP (the fake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpFake, type SmtpFake } from '@/fakes/smtp'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as forgotPassword } from '@/app/api/user/forgot_password/route'
import { POST as register } from '@/app/api/user/register/route'
import { POST as resetPassword } from '@/app/api/user/reset_password/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { db } from '@/lib/db'
import { backgroundMailSettled } from '@/lib/mail'
import { call } from '@/test/route-harness'
import { createUser } from './users'

let smtp: SmtpFake

beforeAll(async () => {
  smtp = await startSmtpFake()
  Object.assign(process.env, { SMTP_URL: smtp.smtpUrl, TRUST_PROXY: '1' })
})

afterAll(() => smtp.close())

// Every test asks from a client address of its own (TRUST_PROXY), so no test uses up another's.
let client = 0
const from = () => ({ 'x-forwarded-for': `203.0.113.${++client}` })

const askReset = (email: string) => call(forgotPassword, '/api/user/forgot_password', { body: { email }, headers: from() })
const askSignUp = (email: string) => call(sendCode, '/api/user/send_code', { body: { email }, headers: from() })

/** The newest code of a kind mailed to an address (reset mails say "password reset code"). */
async function mailedCode(email: string, kind: 'reset' | 'sign-up'): Promise<string> {
  await backgroundMailSettled()
  const mail = smtp.messages.findLast((m) => m.to.includes(email) && /password reset/.test(m.subject) === (kind === 'reset'))
  if (!mail?.code) throw new Error(`no ${kind} code mailed to ${email}`)
  return mail.code
}

/** Lets the next code of any kind be asked for at once (the one-a-minute cooldown moved back). */
async function afterCooldown(email: string) {
  await db.verificationCode.updateMany({ where: { email }, data: { sentAt: new Date(Date.now() - 61_000) } })
}

/** Asks `ask` for an address 11 times, a minute apart: the answers' codes (the hour allows 10). */
async function elevenAMinuteApart(email: string, ask: (email: string) => ReturnType<typeof call>) {
  const codes = []
  for (let i = 0; i < 11; i++) {
    await afterCooldown(email)
    codes.push((await ask(email)).code)
  }
  return codes
}

const reset = (email: string, code: string) => call(resetPassword, '/api/user/reset_password', { body: { email, code, pass: 'new-password' } })
const signsIn = async (email: string, pass: string) => (await call(emailAuth, '/api/email/auth', { body: { email, pass } })).code === 20000

describe('a reset code', () => {
  it('keeps working when sign-up codes are asked for the same address, again and again', async () => {
    const email = 'victim@example.com'
    await createUser({ email, name: 'Victim', password: 'old-password' })
    expect((await askReset(email)).code).toBe(20000)
    const resetCode = await mailedCode(email, 'reset')
    // Someone else asks for sign-up codes for the address, right away and a minute later.
    expect((await askSignUp(email)).code).toBe(20000)
    await afterCooldown(email)
    expect((await askSignUp(email)).code).toBe(20000)
    expect(await mailedCode(email, 'sign-up')).not.toBe(resetCode)
    expect((await reset(email, resetCode)).code).toBe(20000)
    expect(await signsIn(email, 'new-password')).toBe(true)
  })

  it('can still be asked for once the address\'s sign-up codes for the hour are used up', async () => {
    const email = 'flooded@example.com'
    await createUser({ email, name: 'Flooded', password: 'old-password' })
    expect(await elevenAMinuteApart(email, askSignUp)).toEqual([...Array(10).fill(20000), 42900])
    expect((await askReset(email)).code).toBe(20000)
    expect((await reset(email, await mailedCode(email, 'reset'))).code).toBe(20000)
    expect(await signsIn(email, 'new-password')).toBe(true)
  })

  it('keeps its own five tries: wrong sign-up codes do not use them up', async () => {
    const email = 'tried@example.com'
    await createUser({ email, name: 'Tried', password: 'old-password' })
    await askReset(email)
    const resetCode = await mailedCode(email, 'reset')
    await askSignUp(email)
    const signUpCode = await mailedCode(email, 'sign-up')
    const wrong = ['000000', '111111'].find((c) => c !== signUpCode)!
    const tries = []
    for (let i = 0; i < 6; i++) tries.push((await call(register, '/api/user/register', { body: { email, name: 'Someone', pass: 'secret1', code: wrong } })).msg)
    expect(tries).toEqual([...Array(5).fill('verification code is incorrect'), 'too many wrong codes, please get a new one'])
    expect((await reset(email, resetCode)).code).toBe(20000)
  })
})

describe('a sign-up code', () => {
  it('keeps working when a password reset is asked for the same address', async () => {
    const email = 'joining@example.com'
    expect((await askSignUp(email)).code).toBe(20000)
    const signUpCode = await mailedCode(email, 'sign-up')
    expect((await askReset(email)).code).toBe(20000)
    const joined = await call(register, '/api/user/register', { body: { email, name: 'Joiner', pass: 'secret1', code: signUpCode } })
    expect(joined.code).toBe(20000)
  })

  it('can still be asked for once the address\'s reset requests for the hour are used up', async () => {
    const email = 'late.joiner@example.com'
    expect(await elevenAMinuteApart(email, askReset)).toEqual([...Array(10).fill(20000), 42900])
    expect((await askSignUp(email)).code).toBe(20000)
    const joined = await call(register, '/api/user/register', { body: { email, name: 'Joiner', pass: 'secret1', code: await mailedCode(email, 'sign-up') } })
    expect(joined.code).toBe(20000)
  })
})
