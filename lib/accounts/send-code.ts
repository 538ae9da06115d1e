import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { sendCodeMail } from '@/lib/mail'
import { consumeRateLimit, undoRateLimitHit } from '@/lib/rate-limit'
import type { Locale } from '@/lib/site'
import { issueCode, withdrawCode, type CodePurpose } from './codes'

const HOUR = 60 * 60 * 1000
/** Codes one client address may be sent an hour, and one email address. */
export const CODES_PER_CLIENT_HOUR = 30
export const CODES_PER_ADDRESS_HOUR = 10

/**
 * Mails a 6-digit code (sign-up, or password reset). Rules: one a minute per address (42900 with
 * the seconds left); at most 30 an hour per client address and 10 per email address, counting
 * only codes actually sent: a request refused by the cooldown, or whose mail failed, takes its
 * advance count back, so repeated clicks cannot block an address for an hour. A reset code for
 * an address with no account is not sent, and the answer is the same (no one learns who has an
 * account).
 */
export async function sendVerificationCode({ email, ip, locale, requestId, purpose = 'sign-up' }: { email: string; ip: string; locale: Locale; requestId: string; purpose?: CodePurpose }): Promise<void> {
  const keys = [`send-code-ip:${ip}`, `send-code-email:${email}`]
  const network = await consumeRateLimit({ key: keys[0], limit: CODES_PER_CLIENT_HOUR, windowMs: HOUR })
  const address = await consumeRateLimit({ key: keys[1], limit: CODES_PER_ADDRESS_HOUR, windowMs: HOUR })
  const takeBack = () => Promise.all(keys.map(undoRateLimitHit))
  if (!network.isAllowed || !address.isAllowed) {
    await takeBack()
    throw new AppError('rate_limited', 'rateLimited')
  }
  if (purpose === 'reset' && !(await db.user.findUnique({ where: { email }, select: { id: true } }))) {
    await takeBack()
    return
  }
  let code: string
  try {
    code = await issueCode({ email, purpose })
  } catch (error) {
    await takeBack()
    throw error
  }
  try {
    await sendCodeMail({ to: email, code, locale, purpose })
  } catch (error) {
    log.error('mail.failed', { requestId, error })
    await withdrawCode({ email })
    await takeBack()
    throw new AppError('upstream_failed', 'mailFailed')
  }
}
