import { route } from '@/lib/http'
import { wallexQuerySchema } from '@/lib/orders/schemas'
import { cardPaymentStatus } from '@/lib/payments'
import { clientIp, limitPaymentQueries } from '@/lib/payments/purchase'
import { cardPaymentStatusSchema } from '@/lib/payments/contract'

// POST /api/wallex/query_payment – the card payment's status and order id. Public, because
// /payment-success may be opened without a session; it reveals nothing but the status. A succeeded
// intent found here is applied exactly as its webhook would be.
export const POST = route({ summary: 'The card payment\'s status and order id; a paid result is applied once', auth: 'public', response: cardPaymentStatusSchema, body: wallexQuerySchema }, async ({ req, user, body }) => {
  await limitPaymentQueries(user?.id ?? `ip:${clientIp(req)}`)
  return cardPaymentStatus(body.payId)
})
