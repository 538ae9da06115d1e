import { resetPassword } from '@/lib/accounts/recovery'
import { resetPasswordSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { signedInSchema } from '@/lib/accounts/contract'

// POST /api/user/reset_password – the reset code and a new password: ends every session of the
// account, then signs this browser in and returns user and token
export const POST = route({ summary: 'The reset code and a new password: ends every session of the account', auth: 'public', response: signedInSchema, body: resetPasswordSchema }, async ({ body, setSession }) => {
  const { user, token } = await resetPassword({ email: body.email, code: body.code, password: body.pass })
  setSession(token)
  return { ...toPublicUser(user), token }
})
