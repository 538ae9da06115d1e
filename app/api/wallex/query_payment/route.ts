import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { ORDER_STATUS } from '@/lib/orders'
import { wallexQuerySchema } from '@/lib/orders/schemas'
import { retrievePaymentIntent, settleIntent } from '@/lib/payments'
import { clientIp, limitPaymentQueries } from '@/lib/payments/purchase'
import { cardPaymentStatusSchema } from '@/lib/payments/contract'

// POST /api/wallex/query_payment – the card payment's status and order id. Public, because
// /payment-success may be opened without a session; it reveals nothing but the status. A succeeded
// intent found here is applied exactly as its webhook would be.
export const POST = route({ auth: 'public', response: cardPaymentStatusSchema, body: wallexQuerySchema }, async ({ req, user, body }) => {
  await limitPaymentQueries(user?.id ?? `ip:${clientIp(req)}`)
  const order = await db.order.findUnique({ where: { providerRef: body.payId } })
  if (!order) throw new AppError('not_found', 'orderNotFound')
  if (order.status === ORDER_STATUS.paid) return { status: 'SUCCEEDED', orderID: order.orderId }
  const intent = await retrievePaymentIntent(body.payId)
  await settleIntent(intent)
  return { status: intent.status, orderID: order.orderId }
})
