// Accounts people can recover: forgot password with a mailed reset code, change password with the
// current one, sign out everywhere; a password change or reset ends every other session.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { POST as emailAuth } from '@/app/api/email/auth/route'
import { POST as changePassword } from '@/app/api/user/change_password/route'
import { POST as forgotPassword } from '@/app/api/user/forgot_password/route'
import { POST as logoutAll } from '@/app/api/user/logout_all/route'
import { POST as profile } from '@/app/api/user/profile/route'
import { POST as register } from '@/app/api/user/register/route'
import { POST as resetPassword } from '@/app/api/user/reset_password/route'
import { POST as sendCode } from '@/app/api/user/send_code/route'
import { db } from '@/lib/db'
import { backgroundMailSettled } from '@/lib/mail'
import { bearer, call, cookieHeader } from '@/test/route-harness'
import { createUser } from './users'

const mailbox = path.join(mkdtempSync(path.join(tmpdir(), 'ss-recovery-')), 'mail.jsonl')
process.env.DEV_MAILBOX_FILE = mailbox

// A reset code is mailed in the background (the answer must not wait on it): wait for the mail.
async function lastMail(to: string): Promise<{ subject: string; text: string } | undefined> {
  await backgroundMailSettled()
  let text = ''
  try {
    text = readFileSync(mailbox, 'utf8')
  } catch {
    return undefined
  }
  return text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).reverse().find((m) => m.to === to)
}
const codeIn = (mail: { text: string } | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')![1]

async function account(email: string, password = 'old-password') {
  await createUser({ email, name: 'Owner', password })
  const sessions = []
  for (let i = 0; i < 2; i++) sessions.push((await call(emailAuth, '/api/email/auth', { body: { email, pass: password } })).data.token as string)
  return sessions
}

const alive = async (token: string) => (await call(profile, '/api/user/profile', { headers: bearer(token) })).code === 20000

describe('forgot password', () => {
  it('mails a reset code, sets the new password, ends every session and signs this browser in', async () => {
    const [a, b] = await account('forgot@example.com')
    const sent = await call(forgotPassword, '/api/user/forgot_password', { body: { email: 'Forgot@Example.com' }, headers: { 'x-locale': 'ja-JP' } })
    expect(sent.code).toBe(20000)
    const mail = await lastMail('forgot@example.com')
    expect(mail?.subject).toMatch(/^Subtitle Studio のパスワード再設定コード：\d{6}$/)
    const reset = await call(resetPassword, '/api/user/reset_password', { body: { email: 'forgot@example.com', code: codeIn(mail), pass: 'new-password' } })
    expect(reset.code).toBe(20000)
    expect(reset.data).toMatchObject({ email: 'forgot@example.com' })
    expect(reset.cookies.join()).toContain('ss_session=')
    expect([await alive(a), await alive(b), await alive(reset.data.token)]).toEqual([false, false, true])
    expect((await call(emailAuth, '/api/email/auth', { body: { email: 'forgot@example.com', pass: 'old-password' } })).code).toBe(40000)
    expect((await call(emailAuth, '/api/email/auth', { body: { email: 'forgot@example.com', pass: 'new-password' } })).code).toBe(20000)
    // The code is used up.
    const again = await call(resetPassword, '/api/user/reset_password', { body: { email: 'forgot@example.com', code: codeIn(mail), pass: 'third-password' } })
    expect(again.code).toBe(40000)
  })

  it('follows the sign-up code rules: wrong code, five tries, one a minute', async () => {
    await account('tries@example.com')
    await call(forgotPassword, '/api/user/forgot_password', { body: { email: 'tries@example.com' } })
    const right = codeIn(await lastMail('tries@example.com'))
    const wrong = right === '000000' ? '111111' : '000000'
    const cooldown = await call(forgotPassword, '/api/user/forgot_password', { body: { email: 'tries@example.com' } })
    expect([cooldown.code, cooldown.msg]).toEqual([42900, expect.stringMatching(/^please wait \d+ seconds before requesting another code$/)])
    for (let i = 0; i < 5; i++) {
      const answer = await call(resetPassword, '/api/user/reset_password', { body: { email: 'tries@example.com', code: wrong, pass: 'new-password' } })
      expect(answer.msg).toBe('verification code is incorrect')
    }
    const locked = await call(resetPassword, '/api/user/reset_password', { body: { email: 'tries@example.com', code: right, pass: 'new-password' } })
    expect(locked.code).toBe(40000)
    expect((await call(emailAuth, '/api/email/auth', { body: { email: 'tries@example.com', pass: 'old-password' } })).code).toBe(20000)
  })

  it('never accepts a sign-up code as a reset code, and sends nothing to an address without an account', async () => {
    await account('purpose@example.com')
    await call(sendCode, '/api/user/send_code', { body: { email: 'purpose@example.com' } })
    const signUpCode = codeIn(await lastMail('purpose@example.com'))
    const answer = await call(resetPassword, '/api/user/reset_password', { body: { email: 'purpose@example.com', code: signUpCode, pass: 'new-password' } })
    expect(answer.code).toBe(40000)
    const unknown = await call(forgotPassword, '/api/user/forgot_password', { body: { email: 'nobody.here@example.com' } })
    expect(unknown.code).toBe(20000)
    expect(await lastMail('nobody.here@example.com')).toBeUndefined()
  })

  it('validates input with the forms\' messages', async () => {
    const short = await call(resetPassword, '/api/user/reset_password', { body: { email: 'a@example.com', code: '123456', pass: '123' } })
    expect([short.code, short.msg]).toEqual([40000, 'password must be at least 6 characters'])
    const code = await call(resetPassword, '/api/user/reset_password', { body: { email: 'a@example.com', code: '12ab', pass: 'secret1' } })
    expect(code.code).toBe(40000)
  })
})

describe('change password', () => {
  it('requires the current password and ends every other session, keeping the caller\'s', async () => {
    const [a, b] = await account('change@example.com')
    const wrong = await call(changePassword, '/api/user/change_password', { body: { current: 'not-it-at-all', pass: 'new-password' }, headers: bearer(a) })
    expect([wrong.code, wrong.msg]).toEqual([40000, 'the current password is incorrect'])
    expect(await alive(b)).toBe(true)
    const changed = await call(changePassword, '/api/user/change_password', { body: { current: 'old-password', pass: 'new-password' }, headers: bearer(a) })
    expect(changed.code).toBe(20000)
    expect([await alive(a), await alive(b)]).toEqual([true, false])
    expect((await call(emailAuth, '/api/email/auth', { body: { email: 'change@example.com', pass: 'new-password' } })).code).toBe(20000)
  })

  it('keeps the browser signed in through its cookie', async () => {
    await account('cookie@example.com')
    const signedIn = await call(emailAuth, '/api/email/auth', { body: { email: 'cookie@example.com', pass: 'old-password' } })
    const cookie = cookieHeader(signedIn)
    expect((await call(changePassword, '/api/user/change_password', { body: { current: 'old-password', pass: 'new-password' }, headers: { cookie } })).code).toBe(20000)
    expect((await call(profile, '/api/user/profile', { headers: { cookie } })).code).toBe(20000)
  })

  it('stops guessing the current password after five wrong ones', async () => {
    const [a] = await account('guess@example.com')
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(changePassword, '/api/user/change_password', { body: { current: `guess-${i}`, pass: 'new-password' }, headers: bearer(a) })))
    expect(answers.filter((x) => x.code === 40000)).toHaveLength(5)
    expect(answers.filter((x) => x.code === 42900)).toHaveLength(7)
  })

  it('tells an account without a password that it has none', async () => {
    const user = await db.user.create({ data: { email: 'wechat-only@example.com', name: 'WeChat', passwordHash: null } })
    const { createSession } = await import('@/lib/auth/sessions')
    const token = await createSession({ userId: user.id })
    const answer = await call(changePassword, '/api/user/change_password', { body: { current: 'anything', pass: 'new-password' }, headers: bearer(token) })
    expect([answer.code, answer.msg]).toEqual([40000, 'this account signs in with WeChat or Google and has no password'])
  })
})

describe('sign out everywhere', () => {
  it('ends every session of the account, this one too, and clears the cookie', async () => {
    const [a, b] = await account('everywhere@example.com')
    const other = await account('bystander@example.com')
    const out = await call(logoutAll, '/api/user/logout_all', { headers: bearer(a) })
    expect(out.code).toBe(20000)
    expect(out.cookies.join()).toMatch(/ss_session=;.*Max-Age=0/)
    expect([await alive(a), await alive(b), await alive(other[0])]).toEqual([false, false, true])
    expect((await call(logoutAll, '/api/user/logout_all', { headers: bearer(a) })).code).toBe(40100)
  })

  it('is only a POST from this site', async () => {
    const [a] = await account('csrf@example.com')
    const cross = await call(logoutAll, '/api/user/logout_all', { headers: { ...bearer(a), origin: 'https://evil.example' } })
    expect(cross.status).toBe(403)
    expect(await alive(a)).toBe(true)
  })
})

describe('sign-up still works with its codes', () => {
  it('registers with a sign-up code', async () => {
    await call(sendCode, '/api/user/send_code', { body: { email: 'fresh@example.com' } })
    const answer = await call(register, '/api/user/register', { body: { email: 'fresh@example.com', name: 'Fresh', pass: 'secret1', code: codeIn(await lastMail('fresh@example.com')) } })
    expect(answer.code).toBe(20000)
  })
})
