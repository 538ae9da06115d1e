import 'server-only'
import { clearedCookieHeader, cookieValue, sealedCookieHeader, unsealCookieValue, type SealedCookie } from '@/lib/auth/sealed-cookie'

// Sign-in state (PKCE verifier, state, nonce) lives 10 minutes and is only read by /api routes.
const flow = (name: string): SealedCookie => ({ name, path: '/api', ttlSeconds: 10 * 60 })

/** A Set-Cookie value carrying sealed sign-in state for 10 minutes. */
export function flowCookie<T extends object>(name: string, data: T): Promise<string> {
  return sealedCookieHeader(flow(name), data)
}

/** A Set-Cookie value removing a flow cookie. */
export function clearedFlowCookie(name: string): string {
  return clearedCookieHeader(flow(name))
}

/** The sealed sign-in state of a request, or null when absent, forged or older than 10 minutes. */
export function readFlowCookie<T extends object>(headers: Headers, name: string): Promise<T | null> {
  return unsealCookieValue<T>(flow(name), cookieValue(headers.get('cookie'), name))
}
