import 'server-only'
import { AppError } from '@/lib/errors'
import { consumeRateLimit, spendBudget } from '@/lib/rate-limit'

// The translate calls and segment retranslations cost provider money but no points, so each user
// gets a bounded share of them: calls a minute, and characters a day (UTC).

/** Calls one user may make in a window (about one a second, sustained), translate and retranslate together. */
export const MAX_CALLS_PER_WINDOW = 60
const CALL_WINDOW_MS = 60_000
/** Free characters a user may have translated a day, across those calls (about 2,000 subtitle lines). */
export const FREE_CHARS_PER_DAY = 100_000

/** The next midnight UTC after `now`, when the daily allowance starts again. */
export function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
}

/**
 * Counts one free translation call of `chars` characters for a user. Rules: past 60 calls in a
 * minute it is a 42900 "too many requests"; past the day's allowance of characters it is a 42900
 * saying when the allowance resets (midnight UTC), and the refused call uses nothing of it.
 */
export async function chargeFreeTranslation({ userId, chars, now = new Date() }: { userId: string; chars: number; now?: Date }): Promise<void> {
  const calls = await consumeRateLimit({ key: `translate:${userId}`, limit: MAX_CALLS_PER_WINDOW, windowMs: CALL_WINDOW_MS })
  if (!calls.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  const resetAt = nextUtcMidnight(now)
  const day = now.toISOString().slice(0, 10)
  if (!(await spendBudget({ key: `translate-chars:${userId}:${day}`, amount: chars, limit: FREE_CHARS_PER_DAY, resetAt }))) {
    throw new AppError('rate_limited', 'freeAllowanceUsed', { max: FREE_CHARS_PER_DAY, resetAt: `${resetAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` })
  }
}
