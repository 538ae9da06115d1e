import { NextResponse } from 'next/server'
import { endSession } from '@/lib/auth'
import { route } from '@/lib/http'
import { isLocalPath } from '@/lib/oauth/request-origin'

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
  const next = req.nextUrl.searchParams.get('next')
  // Relative Location: the server may listen on another address than the host the visitor used.
  return new NextResponse(null, { status: 303, headers: { Location: isLocalPath(next) ? next : '/login', 'cache-control': 'no-store' } })
})
