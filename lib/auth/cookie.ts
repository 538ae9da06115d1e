import 'server-only'
import { sealData, unsealData } from 'iron-session'
import { env } from '@/lib/env'
import { SESSION_TTL_MS } from './sessions'
import { SESSION_COOKIE } from './cookie-name'

export { SESSION_COOKIE }

type CookieData = { token?: string }
const TTL_SECONDS = SESSION_TTL_MS / 1000

/** The session token sealed in a cookie value (iron-session), or undefined when absent or forged. */
export async function unsealToken(value: string | undefined): Promise<string | undefined> {
  if (!value) return undefined
  try {
    const data = await unsealData<CookieData>(value, { password: env().SESSION_SECRET, ttl: TTL_SECONDS })
    return typeof data.token === 'string' ? data.token : undefined
  } catch {
    return undefined
  }
}

function attributes(maxAge: number) {
  const secure = env().NODE_ENV === 'production' && !env().SANDBOX
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A Set-Cookie value sealing a token for 7 days (sign-in, and renewal on every call). */
export async function sessionCookieHeader(token: string): Promise<string> {
  const sealed = await sealData({ token } satisfies CookieData, { password: env().SESSION_SECRET, ttl: TTL_SECONDS })
  return `${SESSION_COOKIE}=${sealed}; ${attributes(TTL_SECONDS)}`
}

/** A Set-Cookie value removing the session cookie. */
export function clearedCookieHeader(): string {
  return `${SESSION_COOKIE}=; ${attributes(0)}`
}

/** The value of the session cookie in a Cookie header. */
export function sessionCookieValue(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim()
  }
  return undefined
}
