import type { NextRequest } from 'next/server'
import { requestHost, requestProto } from '@/lib/site'

/** `scheme://host:port` with the scheme's default port left out, or null when it is no origin. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * CSRF check for state-changing browser calls: an Origin header, when present, must name the
 * scheme, host and port the request was sent to (forwarded ones only behind a trusted proxy).
 * API clients send no Origin and authenticate with a Bearer token.
 */
export function isSameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get('origin')
  if (origin === null) return true
  const host = requestHost(req.headers)
  if (origin === 'null' || !host) return false
  const claimed = originOf(origin)
  return claimed !== null && claimed === originOf(`${requestProto(req.headers, req.nextUrl.protocol)}://${host}`)
}
