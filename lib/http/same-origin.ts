import type { NextRequest } from 'next/server'
import { normalizeHost } from '@/lib/site'

/**
 * CSRF check for state-changing browser calls: an Origin header, when present, must name the host
 * the request was sent to. API clients send no Origin and authenticate with a Bearer token.
 */
export function isSameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get('origin')
  if (origin === null) return true
  if (origin === 'null') return false
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false
  }
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host')
  return normalizeHost(originHost) === normalizeHost(host) && originPort(originHost) === originPort(host ?? '')
}

function originPort(host: string) {
  const match = /:(\d+)$/.exec(host.split(',')[0].trim())
  return match ? match[1] : ''
}
