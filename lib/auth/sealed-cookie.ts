import 'server-only'
import { sealData, unsealData } from 'iron-session'
import { env } from '@/lib/env'
import { cookiePassword } from '@/lib/secrets/keys'

/** A cookie whose value is sealed (encrypted and signed) by iron-session with a key derived from SESSION_SECRET. */
export type SealedCookie = { name: string; path: string; ttlSeconds: number }

function attributes(cookie: SealedCookie, maxAge: number) {
  const secure = env().NODE_ENV === 'production' && !env().SANDBOX
  // Lax: sign-in providers bring the visitor back with a top-level GET, which Lax cookies survive.
  return `Path=${cookie.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A Set-Cookie value sealing `data` for the cookie's lifetime. */
export async function sealedCookieHeader(cookie: SealedCookie, data: object): Promise<string> {
  const sealed = await sealData(data, { password: cookiePassword(), ttl: cookie.ttlSeconds })
  return `${cookie.name}=${sealed}; ${attributes(cookie, cookie.ttlSeconds)}`
}

/** A Set-Cookie value removing the cookie. */
export function clearedCookieHeader(cookie: SealedCookie): string {
  return `${cookie.name}=; ${attributes(cookie, 0)}`
}

/** The data sealed in a cookie value, or null when absent, forged, expired or empty. */
export async function unsealCookieValue<T extends object>(cookie: SealedCookie, value: string | undefined): Promise<T | null> {
  if (!value) return null
  try {
    const data = await unsealData<T>(value, { password: cookiePassword(), ttl: cookie.ttlSeconds })
    return Object.keys(data).length > 0 ? data : null
  } catch {
    return null
  }
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
