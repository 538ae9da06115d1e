import 'server-only'
import { clearedCookieHeader as clearedHeader, cookieValue, sealedCookieHeader, unsealCookieValue, type SealedCookie } from '@/lib/auth/sealed-cookie'
import { SESSION_TTL_MS } from './sessions'
import { SESSION_COOKIE } from './cookie-name'

export { SESSION_COOKIE }

const SESSION: SealedCookie = { name: SESSION_COOKIE, path: '/', ttlSeconds: SESSION_TTL_MS / 1000 }

/** The session token sealed in a cookie value, or undefined when absent or forged. */
export async function unsealToken(value: string | undefined): Promise<string | undefined> {
  const data = await unsealCookieValue<{ token?: unknown }>(SESSION, value)
  return typeof data?.token === 'string' ? data.token : undefined
}

/** A Set-Cookie value sealing a token for 7 days (sign-in, and renewal on every call). */
export function sessionCookieHeader(token: string): Promise<string> {
  return sealedCookieHeader(SESSION, { token })
}

/** A Set-Cookie value removing the session cookie. */
export function clearedCookieHeader(): string {
  return clearedHeader(SESSION)
}

/** The value of the session cookie in a Cookie header. */
export function sessionCookieValue(cookieHeader: string | null): string | undefined {
  return cookieValue(cookieHeader, SESSION_COOKIE)
}
