import 'server-only'
import type { User } from '@prisma/client'
import { db, type Tx } from '@/lib/db'
import { hashToken, newSessionToken } from './tokens'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
// Renewing on every call would write on every request; once a minute keeps the 7-day window exact enough.
const RENEW_AFTER_MS = 60 * 1000

/** Starts a new session for a user (never reuses one) and returns its token. */
export async function createSession({ userId, tx = db }: { userId: string; tx?: Tx }): Promise<string> {
  const { token, id } = newSessionToken()
  await tx.session.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) } })
  return token
}

/** The live session of a token and its user, renewed to 7 days from now; null when unknown or expired. */
export async function resolveSession(token: string): Promise<{ sessionId: string; user: User } | null> {
  if (!token || token.length > 200) return null
  const id = hashToken(token)
  const session = await db.session.findUnique({ where: { id }, include: { user: true } })
  if (!session) return null
  const now = Date.now()
  if (session.expiresAt.getTime() <= now) {
    await db.session.deleteMany({ where: { id } })
    return null
  }
  if (now - session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    await db.session.updateMany({ where: { id }, data: { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) } })
  }
  return { sessionId: id, user: session.user }
}

/** Ends the session of a token (sign-out). */
export async function endSession(token: string): Promise<void> {
  await db.session.deleteMany({ where: { id: hashToken(token) } })
}

/** Ends every session of a user (deletion, sign out everywhere), or every one but the caller's own (password change). */
export async function endUserSessions({ userId, exceptToken, tx = db }: { userId: string; exceptToken?: string; tx?: Tx }): Promise<void> {
  await tx.session.deleteMany({ where: { userId, ...(exceptToken ? { id: { not: hashToken(exceptToken) } } : {}) } })
}

/** Deletes the sessions expired by `now` (the nightly maintenance); answers how many. */
export async function deleteExpiredSessions(now: Date): Promise<number> {
  return (await db.session.deleteMany({ where: { expiresAt: { lt: now } } })).count
}
