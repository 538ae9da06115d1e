import 'server-only'
import type { User } from '@prisma/client'
import { createSession, endUserSessions } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { consumeRateLimit, undoRateLimitHit } from '@/lib/rate-limit'
import { consumeCode } from './codes'
import { hashPassword, verifyPassword } from './passwords'

/** Wrong current passwords one user may give in a window (a stolen session must not guess it). */
export const CHANGE_PASSWORD_MAX_FAILURES = 5
const CHANGE_PASSWORD_WINDOW_MS = 10 * 60 * 1000

/**
 * Sets a new password with a reset code mailed by forgot_password. Rules: the code is a reset code
 * (a sign-up code does not work) with the sign-up code's rules (10 minutes, 5 tries, used once),
 * untouched by any sign-up code asked for the same address;
 * every session of the account ends, and a new one starts for the caller.
 */
export async function resetPassword({ email, code, password }: { email: string; code: string; password: string }): Promise<{ user: User; token: string }> {
  await consumeCode({ email, code, purpose: 'reset' })
  const passwordHash = await hashPassword(password)
  return db.$transaction(async (tx) => {
    const found = await tx.user.findUnique({ where: { email }, select: { id: true } })
    // A reset code is issued for any address but mailed only to an account: without one (or with
    // one deleted meanwhile) there is nothing to reset, and the answer is that of a spent code.
    if (!found) throw new AppError('bad_request', 'codeExpired')
    const user = await tx.user.update({ where: { id: found.id }, data: { passwordHash } })
    await endUserSessions({ userId: user.id, tx })
    return { user, token: await createSession({ userId: user.id, tx }) }
  })
}

/**
 * Changes the password of a signed-in user. Rules: the current password is required (40000 when
 * wrong; after 5 wrong ones in 10 minutes, 42900); an account without a password (WeChat,
 * Google) has none to change; every other session of the account ends, the caller's stays.
 */
export async function changePassword({ userId, currentToken, current, password }: { userId: string; currentToken: string; current: string; password: string }): Promise<void> {
  const key = `change-password-fail:${userId}`
  // Counted before the check, like sign-in failures, so concurrent guesses cannot pass the limit.
  const tries = await consumeRateLimit({ key, limit: CHANGE_PASSWORD_MAX_FAILURES, windowMs: CHANGE_PASSWORD_WINDOW_MS })
  if (!tries.isAllowed) throw new AppError('rate_limited', 'signInThrottled', { minutes: Math.max(1, Math.ceil(tries.retryAfterMs / 60_000)) })
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
  if (!user?.passwordHash) {
    await undoRateLimitHit(key)
    throw new AppError('bad_request', 'noPasswordSet')
  }
  if (!(await verifyPassword(user.passwordHash, current))) throw new AppError('bad_request', 'currentPasswordWrong')
  await undoRateLimitHit(key)
  const passwordHash = await hashPassword(password)
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } })
    await endUserSessions({ userId, exceptToken: currentToken, tx })
  })
}
