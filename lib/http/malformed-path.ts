import { NextResponse, type NextRequest } from 'next/server'
import { callerLocale } from './caller-locale'
import { fail } from './universal/envelope'
import { errorMessage } from '@/lib/errors'

/** True when a path's percent-encoding does not decode (`%ff`, `%`, `%zz`): no route can match it. */
export function hasMalformedEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return false
  } catch {
    return true
  }
}

/**
 * The answer to a path whose percent-encoding is broken, or null for any other path. Next.js would
 * answer it with a plain-text 500 while decoding the route's parameters; API callers get a 400 in
 * the envelope, in their language, and pages a bare 400.
 */
export function malformedPathResponse(req: NextRequest): NextResponse | null {
  if (!hasMalformedEncoding(req.nextUrl.pathname)) return null
  if (!req.nextUrl.pathname.startsWith('/api/')) return new NextResponse(null, { status: 400 })
  return NextResponse.json(fail(400, errorMessage(callerLocale(req.headers), 'malformedPath')), { status: 400 })
}
