import 'server-only'
import type { User } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import { consumeRateLimit, peekRateLimit, resetRateLimit } from '@/lib/rate-limit'
import { verifyPassword } from './passwords'

export const SIGN_IN_MAX_FAILURES = 5
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000
// Per address, so guessing one account's password is slow; per network, so trying many accounts is
// too. Only failures count: people signing in successfully never use up anyone's allowance.
const IP_LIMIT = 50

const failureKey = (email: string) => `sign-in-fail:${email}`
const networkKey = (ip: string) => `sign-in-fail-ip:${ip}`

function throttled(resetAt: Date): AppError {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000))
  return new AppError('rate_limited', 'signInThrottled', { minutes })
}

/**
 * Checks an email and password. Rules: after 5 failures for one address within 10 minutes further
 * tries answer 42900 until the window ends, whether or not the address exists; a wrong password,
 * an unknown address and an account without a password all answer the same 40000.
 */
export async function signInWithPassword({ email, password, ip }: { email: string; password: string; ip: string }): Promise<User> {
  const failures = await peekRateLimit(failureKey(email))
  if (failures && failures.count >= SIGN_IN_MAX_FAILURES) throw throttled(failures.resetAt)
  const network = await peekRateLimit(networkKey(ip))
  if (network && network.count >= IP_LIMIT) throw new AppError('rate_limited', 'rateLimited')

  const user = await db.user.findUnique({ where: { email } })
  const isValid = await verifyPassword(user?.passwordHash, password)
  if (!user || !isValid) {
    await consumeRateLimit({ key: failureKey(email), limit: SIGN_IN_MAX_FAILURES, windowMs: SIGN_IN_WINDOW_MS })
    await consumeRateLimit({ key: networkKey(ip), limit: IP_LIMIT, windowMs: SIGN_IN_WINDOW_MS })
    throw new AppError('bad_request', 'invalidCredentials')
  }
  await resetRateLimit(failureKey(email))
  return user
}
