import { sendVerificationCode } from '@/lib/accounts/send-code'
import { sendCodeSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { z } from 'zod'

// POST /api/user/forgot_password – mail a 6-digit password-reset code (the sign-up code's rules,
// counted apart from sign-up codes; the same answers, in the same order and time, whether or not
// the address has an account)
export const POST = route({ summary: 'Mail a 6-digit password-reset code (the same answers whether or not the address has an account)', auth: 'public', response: z.null(), body: sendCodeSchema }, async ({ req, body, locale, requestId }) => {
  await sendVerificationCode({ email: body.email, ip: clientIp(req), locale, requestId, purpose: 'reset' })
  return null
})
