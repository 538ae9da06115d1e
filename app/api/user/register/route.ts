import { registerUser } from '@/lib/accounts'
import { registerSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { clientIp, consumeRateLimit } from '@/lib/rate-limit'
import { signedInSchema } from '@/lib/accounts/contract'

// POST /api/user/register – create an email account with its code, sign it in and return user and token
export const POST = route({ summary: 'Create an email account with its code, sign it in and return user and token', auth: 'public', response: signedInSchema, body: registerSchema }, async ({ req, body, setSession }) => {
  const network = await consumeRateLimit({ key: `register-ip:${clientIp(req)}`, limit: 30, windowMs: 60 * 60 * 1000 })
  if (!network.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  const { user, token } = await registerUser({ email: body.email, name: body.name, password: body.pass, code: body.code })
  setSession(token)
  return { ...toPublicUser(user), token }
})
