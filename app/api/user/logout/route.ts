import { NextResponse } from 'next/server'
import { endSession } from '@/lib/auth'
import { route } from '@/lib/http'
import { safeLocalPath } from '@/lib/oauth/request-origin'
import { z } from 'zod'

// POST /api/user/logout – end the current session and remove its cookie (the only way to sign out)
export const POST = route({ summary: 'End the current session and remove its cookie (the only way to sign out)', auth: 'public', response: z.null() }, async ({ token, clearSession }) => {
  if (token) await endSession(token)
  clearSession()
  return null
})

// GET /api/user/logout?next=/login – for page guards: drops a cookie whose session is already gone
// (the route wrapper clears such a cookie), then redirects to a path on this site. It never ends a
// live session: a link or image on another site must not sign anyone out.
export const GET = route({ summary: 'For page guards: drops a cookie whose session is already gone, then redirects to `next`', raw: [{ status: 303, description: 'To `next` (a path on this site), the cookie removed' }], auth: 'public' }, async ({ req }) => {
  // Relative Location: the server may listen on another address than the host the visitor used.
  const next = safeLocalPath(req.nextUrl.searchParams.get('next')) ?? '/login'
  return new NextResponse(null, { status: 303, headers: { Location: next, 'cache-control': 'no-store' } })
})
