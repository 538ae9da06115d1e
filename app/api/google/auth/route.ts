import { NextResponse } from 'next/server'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { log } from '@/lib/log'
import { flowCookie, GOOGLE_FLOW_COOKIE, isGoogleConfigured, requestOrigin, sameSitePath, startGoogleSignIn, type GoogleFlow } from '@/lib/oauth'
import { requestHost, resolveEdition } from '@/lib/site'

const redirect = (location: string, cookie?: string) => {
  const res = new NextResponse(null, { status: 303, headers: { Location: location, 'cache-control': 'no-store' } })
  if (cookie) res.headers.append('set-cookie', cookie)
  return res
}

// GET /api/google/auth?redirect_uri=<origin>/auth/callback – start Google sign-in (OIDC with PKCE, state, nonce)
export const GET = route({ summary: 'Start Google sign-in (OIDC with PKCE, state, nonce)', raw: [{ status: 303, description: 'To Google\'s consent screen, or back to the landing page with an error' }], auth: 'public' }, async ({ req, requestId }) => {
  const landing = sameSitePath(req, req.nextUrl.searchParams.get('redirect_uri') ?? '/auth/callback')
  if (!landing) throw new AppError('bad_request', 'redirectInvalid')
  const withError = (code: string) => `${landing}${landing.includes('?') ? '&' : '?'}error=${code}`
  const edition = resolveEdition(requestHost(req.headers))
  if (!edition.googleLogin || !isGoogleConfigured()) return redirect(withError('unavailable'))
  try {
    const { url, flow } = await startGoogleSignIn({ callbackUrl: `${requestOrigin(req)}/api/google/callback`, landing })
    return redirect(url.href, await flowCookie<GoogleFlow>(GOOGLE_FLOW_COOKIE, flow))
  } catch (error) {
    log.error('google.start_failed', { requestId, error })
    return redirect(withError('provider'))
  }
})
