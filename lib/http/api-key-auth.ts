import 'server-only'
import type { NextRequest } from 'next/server'
import { resolveApiKey, scopeForRequest, type KeyCaller } from '@/lib/api-keys'
import { AppError } from '@/lib/errors'
import { consumeRateLimit } from '@/lib/rate-limit'

/** Calls one key may make a minute, on top of each route's own limits: a runaway script stops here. */
export const KEY_CALLS_PER_MINUTE = 120

/**
 * The caller of a request that carries an API key. Rules: a revoked, unknown or malformed key gets
 * the same 401 through the same path (nothing tells one from another); a call keys cannot make, or
 * one outside the key's scopes, is a 403 naming the scope; each key has its own rate limit. The key
 * itself appears in no message.
 */
export async function keyCaller(req: NextRequest, token: string): Promise<KeyCaller> {
  const key = await resolveApiKey(token)
  if (!key) throw new AppError('unauthorized', 'apiKeyInvalid')
  const needed = scopeForRequest(req.method, req.nextUrl.pathname)
  if (!needed) throw new AppError('forbidden', 'apiKeyNotAllowed')
  if (!key.scopes.includes(needed)) throw new AppError('forbidden', 'apiKeyScope', { scope: needed })
  const limit = await consumeRateLimit({ key: `api-key:${key.keyId}`, limit: KEY_CALLS_PER_MINUTE, windowMs: 60_000 })
  if (!limit.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  return key
}

/** The bearer token of a request when it is an API key. */
export function apiKeyOf(headers: Headers): string | null {
  const auth = headers.get('authorization')
  if (!auth?.toLowerCase().startsWith('bearer ')) return null
  const token = auth.slice(7).trim()
  return token.startsWith('ss_live_') ? token : null
}
