import { signInWithPassword } from '@/lib/accounts'
import { emailLoginSchema } from '@/lib/accounts/schemas'
import { createSession, toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { signedInSchema } from '@/lib/accounts/contract'

// POST /api/email/auth – sign in with email and password (a new session every time)
export const POST = route({ summary: 'Sign in with email and password (a new session every time)', auth: 'public', response: signedInSchema, body: emailLoginSchema }, async ({ req, body, setSession }) => {
  const user = await signInWithPassword({ email: body.email, password: body.pass, ip: clientIp(req) })
  const token = await createSession({ userId: user.id })
  setSession(token)
  return { ...toPublicUser(user), token }
})
