import type { NextRequest } from 'next/server'
import { configuredOrigin } from '@/lib/site'

/**
 * The origin the visitor used (scheme and host), not the address the server listens on, and
 * always one of our configured hosts (lib/site/request-host.ts): OAuth callback addresses are
 * built from it.
 */
export function requestOrigin(req: NextRequest): string {
  return configuredOrigin(req.headers, req.nextUrl.protocol)
}

/** Whether a `next`/`redirect` value is a path on this site (no scheme, no `//host`, no backslash tricks). */
export function isLocalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !/[\u0000-\u001f\u007f]/.test(value)
}

const PROBE_ORIGIN = 'http://local.invalid'

/**
 * A local path made safe for a Location header: parsed the way a browser would (so `/%2e%2e//host`
 * cannot turn into `//host`), percent-encoded (a header carries no raw Unicode), and checked again.
 * Null when it is not a path on this site.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!isLocalPath(value) || value.length > 2000) return null
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  return isLocalPath(path) ? path : null
}

/**
 * Turns a redirect target into a same-site path: a local path, or an absolute URL on the request's
 * own origin. Anything else is null (no open redirects: `http://our.host//evil.example` is one too).
 */
export function sameSitePath(req: NextRequest, target: string | null | undefined): string | null {
  if (!target) return null
  if (target.startsWith('/')) return safeLocalPath(target)
  try {
    const url = new URL(target)
    return url.origin === requestOrigin(req) ? safeLocalPath(`${url.pathname}${url.search}`) : null
  } catch {
    return null
  }
}
