import type { NextRequest } from 'next/server'

/** The origin the visitor used (scheme and host), not the address the server listens on. */
export function requestOrigin(req: NextRequest): string {
  const host = (req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? req.nextUrl.host).split(',')[0].trim()
  const proto = (req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '')).split(',')[0].trim()
  return `${proto === 'https' ? 'https' : 'http'}://${host}`
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
