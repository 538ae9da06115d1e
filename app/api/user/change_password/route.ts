import { changePassword } from '@/lib/accounts/recovery'
import { changePasswordSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'
import { z } from 'zod'

// POST /api/user/change_password – the current password and a new one: every other session of the account ends
export const POST = route({ summary: 'The current password and a new one: every other session of the account ends', auth: 'user', response: z.null(), body: changePasswordSchema }, async ({ user, token, body }) => {
  await changePassword({ userId: user.id, currentToken: token!, current: body.current, password: body.pass })
  return null
})
