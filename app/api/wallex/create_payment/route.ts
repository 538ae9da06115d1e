import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { ORDER_CHANNEL, createOrder } from '@/lib/orders'
import { buyProductSchema } from '@/lib/orders/schemas'
import { createPaymentIntent } from '@/lib/payments'
import { assertPurchaseEnabled, purchaseSite } from '@/lib/payments/purchase'
import { siteHosts } from '@/lib/site'
import { cardPaymentSchema } from '@/lib/payments/contract'

// POST /api/wallex/create_payment – an unpaid card order and its Airwallex payment intent. Besides
// the intent's id, clientSecret and currency it says which checkout to use: the components SDK's
// environment (prod only on the production host), or the sandbox checkout page.
export const POST = route({ auth: 'user', response: cardPaymentSchema, body: buyProductSchema }, async ({ req, user, body }) => {
  assertPurchaseEnabled()
  const { edition, origin } = purchaseSite(req)
  if (!edition.cardPayment) throw new AppError('forbidden', 'cardUnavailable')
  const order = await createOrder({ userId: user.id, productId: body.id, channel: ORDER_CHANNEL.card })
  const intent = await createPaymentIntent(order)
  await db.order.update({ where: { orderId: order.orderId }, data: { providerRef: intent.id } })
  const host = new URL(origin).hostname
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    currency: intent.currency,
    orderId: order.orderId,
    env: siteHosts().production !== '' && host === siteHosts().production ? 'prod' : 'demo',
    checkoutUrl: env().AIRWALLEX_CHECKOUT_URL ?? null,
  }
})
