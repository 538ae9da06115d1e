import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { hashToken } from './tokens'
import { createSession, endSession, endUserSessions, resolveSession, SESSION_TTL_MS } from './sessions'

async function newUser() {
  return db.user.create({ data: { email: `s${Math.random()}@example.com`, name: 'Session Tester' } })
}

describe('database sessions', () => {
  it('starts a new session on every sign-in and stores only the token hash', async () => {
    const user = await newUser()
    const a = await createSession({ userId: user.id })
    const b = await createSession({ userId: user.id })
    expect(a).not.toBe(b)
    const rows = await db.session.findMany({ where: { userId: user.id } })
    expect(rows.map((r) => r.id).sort()).toEqual([hashToken(a), hashToken(b)].sort())
    expect(rows.some((r) => r.id === a)).toBe(false)
  })

  it('refuses expired sessions and renews live ones to seven days', async () => {
    const user = await newUser()
    const token = await createSession({ userId: user.id })
    await db.session.update({ where: { id: hashToken(token) }, data: { lastSeenAt: new Date(Date.now() - 3600_000), expiresAt: new Date(Date.now() + 1000) } })
    expect((await resolveSession(token))?.user.id).toBe(user.id)
    const renewed = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } })
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000)

    await db.session.update({ where: { id: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1) } })
    expect(await resolveSession(token)).toBeNull()
  })

  it('ends one session on sign-out and all of a user on demand', async () => {
    const user = await newUser()
    const a = await createSession({ userId: user.id })
    const b = await createSession({ userId: user.id })
    await endSession(a)
    expect(await resolveSession(a)).toBeNull()
    expect(await resolveSession(b)).not.toBeNull()
    await endUserSessions({ userId: user.id })
    expect(await resolveSession(b)).toBeNull()
  })

  it('ignores unknown and absurd tokens', async () => {
    expect(await resolveSession('nope')).toBeNull()
    expect(await resolveSession('x'.repeat(5000))).toBeNull()
  })
})
