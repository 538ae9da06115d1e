import { NextResponse } from 'next/server'
import { findOrCreateGoogleUser } from '@/lib/accounts'
import { createSession } from '@/lib/auth'
import { route } from '@/lib/http'
import { log } from '@/lib/log'
import { clearedFlowCookie, finishGoogleSignIn, GOOGLE_FLOW_COOKIE, readFlowCookie, requestOrigin, type GoogleFlow } from '@/lib/oauth'

// GET /api/google/callback?code&state – finish Google sign-in, set the session cookie, land on /auth/callback
export const GET = route({ summary: 'Finish Google sign-in, set the session cookie, land on /auth/callback', raw: [{ status: 303, description: 'Signed in: to the landing page given at the start (an error in its query otherwise)' }], auth: 'public' }, async ({ req, requestId, setSession }) => {
  const flow = await readFlowCookie<GoogleFlow>(req.headers, GOOGLE_FLOW_COOKIE)
  const landing = flow?.landing ?? '/auth/callback'
  let location = `${landing}${landing.includes('?') ? '&' : '?'}error=provider`
  if (flow && !req.nextUrl.searchParams.has('error')) {
    try {
      const currentUrl = new URL(`${requestOrigin(req)}/api/google/callback${req.nextUrl.search}`)
      const profile = await finishGoogleSignIn({ currentUrl, flow })
      const user = await findOrCreateGoogleUser(profile)
      setSession(await createSession({ userId: user.id }))
      location = landing
    } catch (error) {
      log.warn('google.callback_failed', { requestId, error })
    }
  }
  const res = new NextResponse(null, { status: 303, headers: { Location: location, 'cache-control': 'no-store' } })
  res.headers.append('set-cookie', clearedFlowCookie(GOOGLE_FLOW_COOKIE))
  return res
})
