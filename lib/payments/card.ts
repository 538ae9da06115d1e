import 'server-only'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { ORDER_CHANNEL, ORDER_STATUS, createOrder } from '@/lib/orders'
import { siteHosts, type Edition } from '@/lib/site'
import { createPaymentIntent, retrievePaymentIntent, settleIntent } from './airwallex'
import type { CardPayment, CardPaymentStatus } from './contract'
import { assertPurchaseEnabled } from './purchase'

// A card purchase from the browser's side: starting it, and asking how it went.

/**
 * The SDK's environment for a checkout on `origin`: prod only on the configured production host,
 * so no other host ever takes real card payments.
 */
export function cardEnvironment(origin: string): 'prod' | 'demo' {
  const production = siteHosts().production
  return production !== '' && new URL(origin).hostname === production ? 'prod' : 'demo'
}

/**
 * An unpaid card order and its Airwallex payment intent. Rules: purchases must be on and the
 * edition must offer cards (40300 otherwise); the order remembers the intent's id, which the
 * webhook and status queries find it by.
 */
export async function startCardPayment({ userId, productId, site }: { userId: string; productId: number; site: { origin: string; edition: Edition } }): Promise<CardPayment> {
  assertPurchaseEnabled()
  if (!site.edition.cardPayment) throw new AppError('forbidden', 'cardUnavailable')
  const order = await createOrder({ userId, productId, channel: ORDER_CHANNEL.card })
  const intent = await createPaymentIntent(order)
  await db.order.update({ where: { orderId: order.orderId }, data: { providerRef: intent.id } })
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    currency: intent.currency,
    orderId: order.orderId,
    env: cardEnvironment(site.origin),
    checkoutUrl: env().AIRWALLEX_CHECKOUT_URL ?? null,
  }
}

/**
 * A card payment's status and order id, by the intent's id (40400 for an unknown one). A paid
 * order answers at once; otherwise the intent is asked for and, when it succeeded, applied exactly
 * as its webhook would be.
 */
export async function cardPaymentStatus(payId: string): Promise<CardPaymentStatus> {
  const order = await db.order.findUnique({ where: { providerRef: payId } })
  if (!order) throw new AppError('not_found', 'orderNotFound')
  if (order.status === ORDER_STATUS.paid) return { status: 'SUCCEEDED', orderID: order.orderId }
  const intent = await retrievePaymentIntent(payId)
  await settleIntent(intent)
  return { status: intent.status, orderID: order.orderId }
}
