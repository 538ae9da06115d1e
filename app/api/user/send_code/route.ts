import { issueCode, withdrawCode } from '@/lib/accounts'
import { sendCodeSchema } from '@/lib/accounts/schemas'
import { AppError, route } from '@/lib/http'
import { log } from '@/lib/log'
import { sendCodeMail } from '@/lib/mail'
import { consumeRateLimit, clientIp } from '@/lib/rate-limit'

const HOUR = 60 * 60 * 1000

// POST /api/user/send_code – mail a 6-digit sign-up code (one a minute per address, limited per network)
export const POST = route({ auth: 'public', body: sendCodeSchema }, async ({ req, body, locale, requestId }) => {
  const network = await consumeRateLimit({ key: `send-code-ip:${clientIp(req)}`, limit: 30, windowMs: HOUR })
  const address = await consumeRateLimit({ key: `send-code-email:${body.email}`, limit: 10, windowMs: HOUR })
  if (!network.isAllowed || !address.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  const code = await issueCode({ email: body.email })
  try {
    await sendCodeMail({ to: body.email, code, locale })
  } catch (error) {
    log.error('mail.failed', { requestId, error })
    await withdrawCode({ email: body.email })
    throw new AppError('upstream_failed', 'mailFailed')
  }
  return null
})
