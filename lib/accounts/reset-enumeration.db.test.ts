// Asking for a code never tells who has an account: forgot_password and send_code answer a known
// and an unknown address with the same codes and messages in the same order (cooldown and hourly
// limit included), and reset_password answers a guessed code alike. Real PostgreSQL, real SMTP
// (the fake). How long the answers take is measured by bench/enumeration.ts, not here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpFake, type SmtpFake } from '@/fakes/smtp'
import { POST as forgotPassword } from '@/app/api/user/forgot_password/route'
import { POST as resetPassword } from '@/app/api/user/reset_password/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { db } from '@/lib/db'
import { backgroundMailSettled } from '@/lib/mail'
import { call, type Handler } from '@/test/route-harness'
import { createUser } from './users'

let smtp: SmtpFake

beforeAll(async () => {
  smtp = await startSmtpFake()
  // Each test asks from a client address of its own, so the per-client hourly limit of one test
  // never shows in another.
  Object.assign(process.env, { SMTP_URL: smtp.smtpUrl, TRUST_PROXY: '1' })
})

afterAll(async () => {
  await smtp.close().catch(() => {})
})

const ROUTES = {
  forgot_password: [forgotPassword, '/api/user/forgot_password'],
  send_code: [sendCode, '/api/user/send_code'],
} as const satisfies Record<string, readonly [Handler, string]>

/** What a caller can read of an answer; the seconds of a cooldown vary with the clock, not the address. */
async function ask(route: keyof typeof ROUTES, email: string, ip: string): Promise<string> {
  const [handler, path] = ROUTES[route]
  const answer = await call(handler, path, { body: { email }, headers: { 'x-forwarded-for': ip } })
  return `${answer.status} ${answer.code} ${answer.msg.replace(/\d+ seconds/, 'N seconds')}`
}

/** Lets the next code be asked for at once (the one-a-minute cooldown moved back). */
async function afterCooldown(email: string) {
  await db.verificationCode.updateMany({ where: { email }, data: { sentAt: new Date(Date.now() - 61_000) } })
}

/** Twelve requests as a person (or a script) would make them: a double click, then one a minute past the hourly limit. */
async function requestSeries(route: keyof typeof ROUTES, email: string, ip: string): Promise<string[]> {
  const answers = [await ask(route, email, ip), await ask(route, email, ip)]
  for (let i = 0; i < 10; i++) {
    await afterCooldown(email)
    answers.push(await ask(route, email, ip))
  }
  return answers
}

/**
 * The series of requestSeries for an account's address (`known`, made first) and for an address
 * without one, each from a client of its own: both must read the same, cooldown and hourly limit included.
 */
async function expectAnsweredAlike(route: keyof typeof ROUTES, [known, unknown]: [string, string], [knownIp, unknownIp]: [string, string]) {
  await createUser({ email: known, name: 'Owner', password: 'old-password' })
  const answers = await requestSeries(route, known, knownIp)
  expect(answers).toEqual([SENT, COOLDOWN, ...Array(9).fill(SENT), HOURLY_LIMIT])
  expect(await requestSeries(route, unknown, unknownIp)).toEqual(answers)
}

const mailsTo = async (email: string) => {
  await backgroundMailSettled()
  return smtp.messages.filter((m) => m.to.includes(email))
}

const SENT = '200 20000 ok'
const COOLDOWN = '429 42900 please wait N seconds before requesting another code'
const HOURLY_LIMIT = '429 42900 Too many requests, please try again later'

describe('forgot_password', () => {
  it('answers a known and an unknown address alike, call for call: cooldown and hourly limit included', async () => {
    await expectAnsweredAlike('forgot_password', ['owner@example.com', 'stranger@example.com'], ['198.51.100.1', '198.51.100.2'])
    // Only the account is mailed, one code for each 20000.
    expect(await mailsTo('owner@example.com')).toHaveLength(10)
    expect(await mailsTo('stranger@example.com')).toHaveLength(0)
  })

  it('answers a guessed reset code alike for both', async () => {
    await createUser({ email: 'guessed@example.com', name: 'Owner', password: 'old-password' })
    const answers = []
    for (const email of ['guessed@example.com', 'nobody@example.com']) {
      expect(await ask('forgot_password', email, '198.51.100.3')).toBe(SENT)
      const guess = await call(resetPassword, '/api/user/reset_password', { body: { email, code: '000000', pass: 'new-password' } })
      answers.push(`${guess.code} ${guess.msg}`)
    }
    // (The real code could be 000000 only one time in a million.)
    expect(answers).toEqual(['40000 verification code is incorrect', '40000 verification code is incorrect'])
  })
})

describe('send_code', () => {
  it('answers a registered and a new address alike, call for call', async () => {
    await expectAnsweredAlike('send_code', ['member@example.com', 'newcomer@example.com'], ['198.51.100.4', '198.51.100.5'])
  })
})

describe('when mail cannot be sent', () => {
  it('forgot_password still answers a known address as it answers an unknown one', async () => {
    await createUser({ email: 'unlucky@example.com', name: 'Owner', password: 'old-password' })
    await smtp.close()
    const known = [await ask('forgot_password', 'unlucky@example.com', '198.51.100.6'), await ask('forgot_password', 'unlucky@example.com', '198.51.100.6')]
    const unknown = [await ask('forgot_password', 'nowhere@example.com', '198.51.100.7'), await ask('forgot_password', 'nowhere@example.com', '198.51.100.7')]
    expect(known).toEqual([SENT, COOLDOWN])
    expect(unknown).toEqual(known)
    // A sign-up code is mailed to every address alike, so its failure can be told: 50200 for both.
    const signUp = [await ask('send_code', 'unlucky@example.com', '198.51.100.8'), await ask('send_code', 'nowhere@example.com', '198.51.100.8')]
    expect(signUp).toEqual(Array(2).fill('502 50200 the email could not be sent, please try again later'))
    await backgroundMailSettled()
  })
})
