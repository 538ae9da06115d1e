import 'server-only'
import type { Order } from '@prisma/client'
// use-intl's core, not next-intl: the worker process runs without React's client hooks.
import { createTranslator } from 'use-intl/core'
import { emailOf } from '@/lib/accounts/users'
import { loadMessages } from '@/lib/i18n/messages'
import { sendMail } from '@/lib/mail/send'
import { ORDER_CHANNEL, packName } from '@/lib/orders'
import { lotExpiry } from '@/lib/points'
import type { Locale } from '@/lib/site'

/**
 * Mails the buyer a short receipt of a paid order: pack, amount, order number, points valid
 * until. The language follows the channel (Alipay buyers read Chinese, card buyers English);
 * a buyer without an email address (WeChat-only account) gets none.
 */
export async function sendReceipt(order: Order): Promise<void> {
  if (!order.userId || !order.paidAt) return
  const email = await emailOf(order.userId)
  if (!email) return
  const locale: Locale = order.channel === ORDER_CHANNEL.alipay ? 'zh-CN' : 'en-US'
  const messages = await loadMessages(locale)
  const t = createTranslator({ locale, messages, namespace: 'payments.receipt' })
  const brand = createTranslator({ locale, messages, namespace: 'common' })('brand')
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency }).format(order.price.toNumber())
  const validUntil = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(lotExpiry(order.paidAt))
  const text = [
    t('greeting'),
    '',
    t('body', { pack: packName(order.points, locale), amount }),
    '',
    `${t('orderNumber')}: ${order.orderId}`,
    `${t('paidAt')}: ${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(order.paidAt)} UTC`,
    `${t('validUntil')}: ${validUntil}`,
    '',
    brand,
  ].join('\n')
  await sendMail({ to: email, subject: t('subject', { pack: packName(order.points, locale) }), text })
}
