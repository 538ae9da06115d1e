import { route } from '@/lib/http'
import { buyProductSchema } from '@/lib/orders/schemas'
import { startCardPayment } from '@/lib/payments'
import { purchaseSite } from '@/lib/payments/purchase'
import { cardPaymentSchema } from '@/lib/payments/contract'

// POST /api/wallex/create_payment – an unpaid card order and its Airwallex payment intent. Besides
// the intent's id, clientSecret and currency it says which checkout to use: the components SDK's
// environment (prod only on the production host), or the sandbox checkout page.
export const POST = route({ summary: 'An unpaid card order and its Airwallex payment intent (client secret for the card form)', auth: 'user', response: cardPaymentSchema, body: buyProductSchema }, async ({ req, user, body }) =>
  startCardPayment({ userId: user.id, productId: body.id, site: purchaseSite(req) }),
)
