import 'server-only'
import { createTranslator } from 'next-intl'
import { loadMessages } from '@/lib/i18n/messages'
import type { Locale } from '@/lib/site'
import { sendMail } from './send'

/**
 * Mails a verification code in the reader's language. Plain text on purpose: it reads well in
 * every client, and the code is the only six-digit number in the message.
 */
export async function sendCodeMail({ to, code, locale, purpose = 'signup' }: { to: string; code: string; locale: Locale; purpose?: 'signup' | 'reset' }): Promise<void> {
  const messages = await loadMessages(locale)
  const t = createTranslator({ locale, messages, namespace: 'auth.mail' })
  const brand = createTranslator({ locale, messages, namespace: 'common' })('brand')
  const isReset = purpose === 'reset'
  const text = [t('greeting'), '', t(isReset ? 'resetBody' : 'body', { code }), '', t(isReset ? 'resetIgnore' : 'ignore'), '', brand].join('\n')
  await sendMail({ to, subject: t(isReset ? 'resetSubject' : 'subject', { code }), text })
}
