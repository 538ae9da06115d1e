import { sendVerificationCode } from '@/lib/accounts/send-code'
import { sendCodeSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { z } from 'zod'

// POST /api/user/send_code – mail a 6-digit sign-up code (one a minute per address, limited per network)
export const POST = route({ summary: 'Mail a 6-digit sign-up code (one a minute per address, limited per network)', auth: 'public', response: z.null(), body: sendCodeSchema }, async ({ req, body, locale, requestId }) => {
  await sendVerificationCode({ email: body.email, ip: clientIp(req), locale, requestId })
  return null
})
