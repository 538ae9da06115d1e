import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE } from '@/lib/auth/cookie-name'
import { LOCALE_ALTERNATION } from '@/lib/i18n/paths'
import { configuredOrigin, type Locale } from '@/lib/site'

const HOME = new RegExp(`^(?:/(${LOCALE_ALTERNATION}))?/?$`)

/**
 * A signed-in visitor of / goes to the dashboard, keeping an explicit locale prefix and the
 * manager guard's notice; null for any other request. The proxy's redirects must be absolute: the
 * URL names the host the visitor used when it is one of ours (req.url may name the listening
 * address instead), and never a host a forged Host header names (lib/site/request-host.ts).
 */
export function homeRedirect(req: NextRequest, defaultLocale: Locale): NextResponse | null {
  const home = HOME.exec(req.nextUrl.pathname)
  if (!home || !req.cookies.has(SESSION_COOKIE)) return null
  const prefix = home[1] && home[1] !== defaultLocale ? `/${home[1]}` : ''
  // The manager guard sends non-managers home with this notice; the dashboard shows it instead.
  const notice = req.nextUrl.searchParams.get('notice') === 'admin-only' ? '?notice=admin-only' : ''
  return NextResponse.redirect(new URL(`${prefix}/dashboard${notice}`, configuredOrigin(req.headers, req.nextUrl.protocol)), 307)
}
