import { route } from '@/lib/http'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { ORDER_CHANNEL, createOrder, packName } from '@/lib/orders'
import { buyProductSchema } from '@/lib/orders/schemas'
import { alipayPageUrl } from '@/lib/payments'
import { assertPurchaseEnabled, dashboardPath, purchaseSite } from '@/lib/payments/purchase'
import { alipayUrlSchema } from '@/lib/payments/contract'

// POST /api/alipay/create_alipay_url – an unpaid order for the pack, and Alipay's signed page-pay URL
export const POST = route({ summary: 'An unpaid order for the pack, and Alipay\'s signed page-pay URL', auth: 'user', response: alipayUrlSchema, body: buyProductSchema }, async ({ req, user, body, locale }) => {
  assertPurchaseEnabled()
  const { origin, edition } = purchaseSite(req)
  const order = await createOrder({ userId: user.id, productId: body.id, channel: ORDER_CHANNEL.alipay })
  try {
    const url = alipayPageUrl({ order, subject: `Subtitle Studio ${packName(order.points, 'zh-CN')}`, origin, returnPath: dashboardPath(locale, edition) })
    return { url, orderId: order.orderId }
  } catch (error) {
    if (error instanceof AppError) throw error
    log.error('payments.alipay_url_failed', { orderId: order.orderId, error })
    throw new AppError('upstream_failed', 'alipayUrlFailed')
  }
})
