import 'server-only'
import { sealData, unsealData } from 'iron-session'
import { env } from '@/lib/env'
import { cookieValue } from './cookie-value'

const TTL_SECONDS = 10 * 60

function attributes(maxAge: number) {
  const secure = env().NODE_ENV === 'production' && !env().SANDBOX
  // Lax: the provider brings the visitor back with a top-level GET, which Lax cookies survive.
  return `Path=/api; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A Set-Cookie value carrying sealed sign-in state (PKCE verifier, state, nonce) for 10 minutes. */
export async function flowCookie<T extends object>(name: string, data: T): Promise<string> {
  const sealed = await sealData(data, { password: env().SESSION_SECRET, ttl: TTL_SECONDS })
  return `${name}=${sealed}; ${attributes(TTL_SECONDS)}`
}

/** A Set-Cookie value removing a flow cookie. */
export function clearedFlowCookie(name: string): string {
  return `${name}=; ${attributes(0)}`
}

/** The sealed sign-in state of a request, or null when absent, forged or older than 10 minutes. */
export async function readFlowCookie<T extends object>(headers: Headers, name: string): Promise<T | null> {
  const raw = cookieValue(headers.get('cookie'), name)
  if (!raw) return null
  try {
    const data = await unsealData<T>(raw, { password: env().SESSION_SECRET, ttl: TTL_SECONDS })
    return Object.keys(data).length > 0 ? data : null
  } catch {
    return null
  }
}
