import createMiddleware from 'next-intl/middleware'
import { NextResponse, type NextRequest } from 'next/server'
import { routing } from '@/lib/i18n/routing'
import { resolveEdition, type Locale } from '@/lib/site'
import { SESSION_COOKIE } from '@/lib/auth/cookie-name'

// One next-intl handler per default locale: every host serves all three locales, only the
// unprefixed one differs (next-intl's `domains` option cannot express that).
const handlers = new Map<Locale, ReturnType<typeof createMiddleware>>()
function handlerFor(defaultLocale: Locale) {
  let handler = handlers.get(defaultLocale)
  if (!handler) {
    handler = createMiddleware({ ...routing, defaultLocale })
    handlers.set(defaultLocale, handler)
  }
  return handler
}

const HOME = /^(?:\/(zh-CN|en-US|ja-JP))?\/?$/

export function proxy(req: NextRequest) {
  const edition = resolveEdition(req.headers.get('x-forwarded-host') ?? req.headers.get('host'))
  // A signed-in visitor of / goes to the dashboard, keeping an explicit locale prefix.
  const home = HOME.exec(req.nextUrl.pathname)
  if (home && req.cookies.has(SESSION_COOKIE)) {
    const prefix = home[1] && home[1] !== edition.defaultLocale ? `/${home[1]}` : ''
    // Built from the Host the visitor used: req.url may name the listening address instead.
    const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? req.nextUrl.host
    const proto = req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '')
    return NextResponse.redirect(new URL(`${prefix}/dashboard`, `${proto}://${host}`), 307)
  }
  return handlerFor(edition.defaultLocale)(req)
}

export const config = {
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
}
