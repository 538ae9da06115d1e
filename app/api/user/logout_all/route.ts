import { endUserSessions } from '@/lib/auth/sessions'
import { route } from '@/lib/http'
import { z } from 'zod'

// POST /api/user/logout_all – sign out everywhere: ends every session of the account, this one included
export const POST = route({ summary: 'Sign out everywhere: ends every session of the account, this one included', auth: 'user', response: z.null() }, async ({ user, clearSession }) => {
  await endUserSessions({ userId: user.id })
  clearSession()
  return null
})
