import { NextResponse } from 'next/server'
import { endSession } from '@/lib/auth'
import { route } from '@/lib/http'
import { safeLocalPath } from '@/lib/oauth/request-origin'

// POST /api/user/logout – end the current session and remove its cookie
export const POST = route({ auth: 'public' }, async ({ token, clearSession }) => {
  if (token) await endSession(token)
  clearSession()
  return null
})

// GET /api/user/logout?next=/login – the same for page guards, then a redirect to a path on this site
export const GET = route({ auth: 'public' }, async ({ req, token, clearSession }) => {
  if (token) await endSession(token)
  clearSession()
  // Relative Location: the server may listen on another address than the host the visitor used.
  const next = safeLocalPath(req.nextUrl.searchParams.get('next')) ?? '/login'
  return new NextResponse(null, { status: 303, headers: { Location: next, 'cache-control': 'no-store' } })
})
