import 'server-only'
import { createTranslator } from 'next-intl'
import { loadMessages } from '@/lib/i18n/messages'
import type { Locale } from '@/lib/site'
import { sendMail } from './send'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Mails a verification code in the reader's language (plain text plus a simple HTML part). */
export async function sendCodeMail({ to, code, locale }: { to: string; code: string; locale: Locale }): Promise<void> {
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'auth.mail' })
  const brand = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'common' })('brand')
  const lines = [t('greeting'), '', t('body', { code }), '', t('ignore'), '', brand]
  const html = `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.6;color:#0f172a">
<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(t('body', { code })).replace(code, `<strong style="font-size:22px;letter-spacing:4px">${code}</strong>`)}</p>
<p style="color:#6b7280">${escapeHtml(t('ignore'))}</p>
<p>${escapeHtml(brand)}</p></div>`
  await sendMail({ to, subject: t('subject', { code }), text: lines.join('\n'), html })
}
