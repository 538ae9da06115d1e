import 'server-only'
import type { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { env } from '@/lib/env'

export type Window = { count: number; resetAt: Date }

/**
 * Counts one hit in a fixed window shared by every web process (the RateLimit table). Rule: one
 * atomic upsert; an expired window restarts at 1.
 */
export async function hitRateLimit({ key, windowMs }: { key: string; windowMs: number }): Promise<Window> {
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`
  return rows[0]
}

/** Hits a window and tells whether the caller is still within `limit` hits. */
export async function consumeRateLimit({ key, limit, windowMs }: { key: string; limit: number; windowMs: number }) {
  const window = await hitRateLimit({ key, windowMs })
  return { isAllowed: window.count <= limit, retryAfterMs: Math.max(0, window.resetAt.getTime() - Date.now()) }
}

/**
 * Adds `amount` to a budget that restarts at `resetAt`, only when the sum stays within `limit`.
 * Rule: one atomic conditional upsert, so concurrent callers can never overdraw the budget; a
 * refused call adds nothing (a large request does not use up what smaller ones may still spend).
 */
export async function spendBudget({ key, amount, limit, resetAt }: { key: string; amount: number; limit: number; resetAt: Date }): Promise<boolean> {
  if (amount > limit) return false
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${key}, ${amount}, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN ${amount} ELSE "RateLimit"."count" + ${amount} END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    WHERE "RateLimit"."resetAt" <= now() OR "RateLimit"."count" + ${amount} <= ${limit}
    RETURNING "count"`
  return rows.length === 1
}

/** The current count of a window without adding to it (0 when absent or expired). */
export async function peekRateLimit(key: string): Promise<Window | null> {
  const row = await db.rateLimit.findUnique({ where: { key } })
  return row && row.resetAt.getTime() > Date.now() ? { count: row.count, resetAt: row.resetAt } : null
}

/**
 * Takes back one hit counted in advance (the attempt turned out not to count, e.g. a successful
 * sign-in or a code that was not sent). Never goes below 0.
 */
export async function undoRateLimitHit(key: string): Promise<void> {
  await db.$executeRaw`UPDATE "RateLimit" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "resetAt" > now()`
}

/** Forgets a window (e.g. failed sign-ins after a successful one). */
export async function resetRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } })
}

/**
 * The client address used for limits. Rule: X-Forwarded-For is trusted only behind our own load
 * balancer (TRUST_PROXY=1), where its last entry is the address the balancer saw.
 */
export function clientIp(req: NextRequest | { headers: Headers }): string {
  if (env().TRUST_PROXY) {
    const forwarded = req.headers.get('x-forwarded-for')
    const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).pop()
    if (last) return last
  }
  // Without a trusted proxy every address header can be forged: all such callers share one bucket.
  return 'direct'
}

/** Deletes the windows that ended by `now` (the maintenance); answers how many. */
export async function deleteEndedWindows(now: Date): Promise<number> {
  return (await db.rateLimit.deleteMany({ where: { resetAt: { lt: now } } })).count
}
