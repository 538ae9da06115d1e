import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { ORDER_CHANNEL, ORDER_STATUS, ORDER_STATUS_CODE, findOwnOrder, formatAmount } from '@/lib/orders'
import { alipayQuerySchema } from '@/lib/orders/schemas'
import { queryAlipayTrade, settleAlipayTrade, type AlipayTrade } from '@/lib/payments'
import { limitPaymentQueries } from '@/lib/payments/purchase'
import { getBalance } from '@/lib/points'
import { alipayOrderStatusSchema } from '@/lib/payments/contract'

// POST /api/alipay/query_order – the Alipay order's status (status, desc, tradeNo, outTradeNo, totalAmount); a paid
// trade found here is applied exactly as its notification would be
export const POST = route({ summary: 'The Alipay order\'s status (status, desc, tradeNo, outTradeNo, totalAmount); a paid result is applied once', auth: 'user', response: alipayOrderStatusSchema, body: alipayQuerySchema }, async ({ user, body }) => {
  await limitPaymentQueries(user.id)
  let order = await findOwnOrder({ userId: user.id, orderId: body.outTradeNo })
  if (order.channel !== ORDER_CHANNEL.alipay) throw new AppError('not_found', 'orderNotFound')
  let trade: AlipayTrade = { status: 'TRADE_SUCCESS', desc: 'Success', tradeNo: order.providerRef, outTradeNo: order.orderId, totalAmount: formatAmount(order.price) }
  if (order.status !== ORDER_STATUS.paid) {
    trade = await queryAlipayTrade(order.orderId)
    order = (await settleAlipayTrade(trade))?.order ?? order
  }
  const isPaid = order.status === ORDER_STATUS.paid
  return { ...trade, orderStatus: ORDER_STATUS_CODE[order.status], points: order.points, balance: isPaid ? await getBalance({ userId: user.id }) : null }
})
