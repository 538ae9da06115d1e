import type { NextRequest } from 'next/server'

/** The origin the visitor used (scheme and host), not the address the server listens on. */
export function requestOrigin(req: NextRequest): string {
  const host = (req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? req.nextUrl.host).split(',')[0].trim()
  const proto = (req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '')).split(',')[0].trim()
  return `${proto === 'https' ? 'https' : 'http'}://${host}`
}

/** Whether a `next`/`redirect` value is a path on this site (no scheme, no `//host`, no backslash tricks). */
export function isLocalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !/[\u0000-\u001f]/.test(value)
}

/**
 * Turns a redirect target into a same-site path: a local path as it is, or an absolute URL on the
 * request's own origin. Anything else is null (no open redirects).
 */
export function sameSitePath(req: NextRequest, target: string | null | undefined): string | null {
  if (!target) return null
  if (isLocalPath(target)) return target
  try {
    const url = new URL(target)
    return url.origin === requestOrigin(req) ? url.pathname + url.search : null
  } catch {
    return null
  }
}
