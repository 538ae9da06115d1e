import 'server-only'
import { createTranslator } from 'next-intl'
import { loadMessages } from '@/lib/i18n/messages'
import type { Locale } from '@/lib/site'
import { sendMail } from './send'

/**
 * Mails a verification code in the reader's language. Plain text on purpose: it reads well in
 * every client, and the code is the only six-digit number in the message.
 */
export async function sendCodeMail({ to, code, locale }: { to: string; code: string; locale: Locale }): Promise<void> {
  const messages = await loadMessages(locale)
  const t = createTranslator({ locale, messages, namespace: 'auth.mail' })
  const brand = createTranslator({ locale, messages, namespace: 'common' })('brand')
  const text = [t('greeting'), '', t('body', { code }), '', t('ignore'), '', brand].join('\n')
  await sendMail({ to, subject: t('subject', { code }), text })
}
