import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { sendCodeMail, sendInBackground } from '@/lib/mail'
import { consumeRateLimit, undoRateLimitHit } from '@/lib/rate-limit'
import type { Locale } from '@/lib/site'
import { issueCode, withdrawCode, type CodePurpose } from './codes'

const HOUR = 60 * 60 * 1000
/** Codes of one purpose one client address may be sent an hour, and one email address. */
export const CODES_PER_CLIENT_HOUR = 30
export const CODES_PER_ADDRESS_HOUR = 10

// Each purpose counts on its own: using up an address's sign-up codes never blocks its recovery.
// (The sign-up keys keep the names they had before reset codes were counted apart.)
const KEY_PREFIX: Record<CodePurpose, string> = { signup: 'send-code', reset: 'reset-code' }

/** The rate-limit keys of a purpose: per client address, then per email address. */
export function codeLimitKeys({ purpose, ip, email }: { purpose: CodePurpose; ip: string; email: string }): [string, string] {
  return [`${KEY_PREFIX[purpose]}-ip:${ip}`, `${KEY_PREFIX[purpose]}-email:${email}`]
}

/**
 * Mails a 6-digit code (sign-up, or password reset). Rules, per purpose: one a minute per address
 * (42900 with the seconds left); at most 30 an hour per client address and 10 per email address.
 * A sign-up code counts only once sent: a request refused by the cooldown, or whose mail failed,
 * takes its advance count back (repeated clicks cannot block an address for an hour), and a failed
 * mail answers 50200.
 * A reset request never tells whether the address has an account: a code is issued and counted
 * the same way for every address (so the cooldown and the hourly limit answer alike), mailed only
 * when there is an account, and the mail goes out in the background, so the answer never waits
 * on SMTP for one and not the other. A reset mail that fails is logged; the person can ask again a
 * minute later.
 */
export async function sendVerificationCode({ email, ip, locale, requestId, purpose = 'signup' }: { email: string; ip: string; locale: Locale; requestId: string; purpose?: CodePurpose }): Promise<void> {
  const keys = codeLimitKeys({ purpose, ip, email })
  const network = await consumeRateLimit({ key: keys[0], limit: CODES_PER_CLIENT_HOUR, windowMs: HOUR })
  const address = await consumeRateLimit({ key: keys[1], limit: CODES_PER_ADDRESS_HOUR, windowMs: HOUR })
  const takeBack = () => Promise.all(keys.map(undoRateLimitHit))
  if (!network.isAllowed || !address.isAllowed) {
    await takeBack()
    throw new AppError('rate_limited', 'rateLimited')
  }
  let code: string
  try {
    code = await issueCode({ email, purpose })
  } catch (error) {
    await takeBack()
    throw error
  }
  if (purpose === 'reset') {
    // Looked up for every address, so both kinds do the same work before answering.
    const hasAccount = Boolean(await db.user.findUnique({ where: { email }, select: { id: true } }))
    if (hasAccount) sendInBackground(() => sendCodeMail({ to: email, code, locale, purpose }), (error) => log.error('mail.failed', { requestId, error }))
    return
  }
  try {
    await sendCodeMail({ to: email, code, locale, purpose })
  } catch (error) {
    log.error('mail.failed', { requestId, error })
    await withdrawCode({ email, purpose })
    await takeBack()
    throw new AppError('upstream_failed', 'mailFailed')
  }
}
