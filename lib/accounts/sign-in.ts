import 'server-only'
import type { User } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { consumeRateLimit, resetRateLimit, undoRateLimitHit } from '@/lib/rate-limit'
import { verifyPassword } from './passwords'

export const SIGN_IN_MAX_FAILURES = 5
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000
/** Failures a client address may make across all addresses in a window (trying many accounts). */
export const SIGN_IN_IP_LIMIT = 50
/** Failures on one address across all clients before its tries are spaced out. */
export const SIGN_IN_ADDRESS_FREE_FAILURES = 10
/** Once slowed, one try on the address every this many ms, whoever makes it. */
export const SIGN_IN_ADDRESS_SPACING_MS = 30_000

// Every try is counted BEFORE the password is checked (one atomic increment each), so concurrent
// guesses cannot all slip past a limit read earlier; a successful sign-in takes its counts back.
// The hard lock is on the pair (address, client): five wrong passwords from one client cannot
// lock the owner out on another. Across clients an address is only slowed down.
const pairKey = (email: string, ip: string) => `sign-in-fail:${email}|${ip}`
const networkKey = (ip: string) => `sign-in-fail-ip:${ip}`
const addressKey = (email: string) => `sign-in-fail-address:${email}`
const addressSlotKey = (email: string) => `sign-in-slot:${email}`

function minutesLeft(retryAfterMs: number) {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000))
}

/**
 * Checks an email and password. Rules: more than 5 tries that are not successful from one client
 * on one address within 10 minutes answer 42900 until the window ends, whether or not the
 * address exists; more than 50 from one client across addresses answer 42900; past 10 failures
 * on an address across clients, it takes one try every 30 s (42900 in between). A wrong
 * password, an unknown address and an account without a password all answer the same 40000.
 */
export async function signInWithPassword({ email, password, ip }: { email: string; password: string; ip: string }): Promise<User> {
  const counted: string[] = []
  const pair = await consumeRateLimit({ key: pairKey(email, ip), limit: SIGN_IN_MAX_FAILURES, windowMs: SIGN_IN_WINDOW_MS })
  counted.push(pairKey(email, ip))
  if (!pair.isAllowed) throw new AppError('rate_limited', 'signInThrottled', { minutes: minutesLeft(pair.retryAfterMs) })
  const network = await consumeRateLimit({ key: networkKey(ip), limit: SIGN_IN_IP_LIMIT, windowMs: SIGN_IN_WINDOW_MS })
  counted.push(networkKey(ip))
  if (!network.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  const address = await consumeRateLimit({ key: addressKey(email), limit: SIGN_IN_ADDRESS_FREE_FAILURES, windowMs: SIGN_IN_WINDOW_MS })
  counted.push(addressKey(email))
  if (!address.isAllowed) {
    const slot = await consumeRateLimit({ key: addressSlotKey(email), limit: 1, windowMs: SIGN_IN_ADDRESS_SPACING_MS })
    if (!slot.isAllowed) throw new AppError('rate_limited', 'signInSlowed', { seconds: Math.max(1, Math.ceil(slot.retryAfterMs / 1000)) })
  }

  const user = await db.user.findUnique({ where: { email } })
  const isValid = await verifyPassword(user?.passwordHash, password)
  if (!user || !isValid) throw new AppError('bad_request', 'invalidCredentials')
  // A success was no failure: its advance counts are taken back, and this client starts afresh.
  await resetRateLimit(pairKey(email, ip))
  for (const key of counted.slice(1)) await undoRateLimitHit(key)
  return user
}
