import 'server-only'
import type { User } from '@prisma/client'
import { sessionCookieValue, unsealToken } from './cookie'
import { resolveSession } from './sessions'

export type Caller = { user: User; token: string; via: 'bearer' | 'cookie' }

function headerToken(headers: Headers): string | undefined {
  const auth = headers.get('authorization')
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || undefined
  // Clients may also send the session id in a header of its own.
  return headers.get('user_sessionid') ?? headers.get('x-session-id') ?? undefined
}

/** The signed-in caller of a request: Bearer token first, then the sealed cookie; null when none is live. */
export async function currentCaller(headers: Headers): Promise<Caller | null> {
  const bearer = headerToken(headers)
  if (bearer) {
    const resolved = await resolveSession(bearer)
    if (resolved) return { user: resolved.user, token: bearer, via: 'bearer' }
  }
  const cookieToken = await unsealToken(sessionCookieValue(headers.get('cookie')))
  if (!cookieToken) return null
  const resolved = await resolveSession(cookieToken)
  return resolved ? { user: resolved.user, token: cookieToken, via: 'cookie' } : null
}

/** Whether a request carries a session cookie at all (to clear a dead one). */
export function hasSessionCookie(headers: Headers): boolean {
  return sessionCookieValue(headers.get('cookie')) !== undefined
}
