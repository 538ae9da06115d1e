import createMiddleware from 'next-intl/middleware'
import { NextResponse, type NextRequest } from 'next/server'
import { routing } from '@/lib/i18n/routing'
import { requestHost, resolveEdition, type EditionName, type Locale } from '@/lib/site'
import { homeRedirect } from '@/lib/http/home-redirect'
import { malformedPathResponse } from '@/lib/http/malformed-path'
import { originOf, pagePolicy, type ScriptAllowance } from '@/lib/security/csp'
import { prerenderedScriptHashes } from '@/lib/security/prerendered'

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

const DEV = process.env.NODE_ENV !== 'production'

export async function proxy(req: NextRequest) {
  const malformed = malformedPathResponse(req)
  if (malformed) return malformed
  if (req.nextUrl.pathname.startsWith('/api/')) return NextResponse.next()
  const edition = resolveEdition(requestHost(req.headers))
  const home = homeRedirect(req, edition.defaultLocale)
  if (home) return home
  const res = handlerFor(edition.defaultLocale)(req)
  if (res.headers.has('location')) return res
  const internal = toEdition(req, res, edition.name)
  await applyPolicy(res, internal)
  return res
}

/** Points next-intl's answer at the edition's copy of the page: /about on cn.* -> /cn/zh-CN/about. */
function toEdition(req: NextRequest, res: NextResponse, edition: EditionName): string {
  const rewrite = res.headers.get('x-middleware-rewrite')
  const target = rewrite ? new URL(rewrite) : new URL(req.nextUrl.pathname + req.nextUrl.search, req.url)
  target.pathname = `/${edition}${target.pathname}`
  res.headers.delete('x-middleware-next')
  res.headers.set('x-middleware-rewrite', target.toString())
  return target.pathname
}

/**
 * Prerendered pages: the hashes of the inline scripts of the very file served. Pages rendered per
 * request: a fresh nonce, passed to Next.js in the request's CSP header so it marks its scripts.
 */
async function applyPolicy(res: NextResponse, internalPath: string) {
  const hashes = DEV ? null : await prerenderedScriptHashes(internalPath)
  let scripts: ScriptAllowance
  if (hashes) {
    scripts = { hashes }
  } else {
    scripts = { nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64') }
  }
  const policy = pagePolicy({ scripts, dev: DEV, frameOrigins: originOf(process.env.WECHAT_OPEN_BASE_URL) })
  res.headers.set('content-security-policy', policy)
  if ('nonce' in scripts) setRequestHeader(res, 'content-security-policy', policy)
}

/** Adds a request header for the page renderer the way NextResponse.next({ request }) does. */
function setRequestHeader(res: NextResponse, name: string, value: string) {
  const names = (res.headers.get('x-middleware-override-headers') ?? '').split(',').filter(Boolean)
  if (!names.includes(name)) names.push(name)
  res.headers.set('x-middleware-override-headers', names.join(','))
  res.headers.set(`x-middleware-request-${name}`, value)
}

export const config = {
  // API paths pass through here only for the encoding check above, so only those with a percent
  // sign come: Next.js reads the whole body of a request its proxy sees (and cuts it at 10 MB)
  // before the route runs, which would defeat route()'s refusals before the body and the upload caps.
  // /metrics (the Prometheus endpoint) is no page: never localized, redirected or rewritten here.
  matcher: ['/((?!api|metrics$|og/|_next|_vercel|.*\\..*).*)', '/api/(.*%.*)'],
}
