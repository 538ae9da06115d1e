import { z } from 'zod'
import { pageQuery } from '@/lib/pagination'

/** POST /api/order/query_order_list: page (from 1) and size (default 10). */
export const orderListSchema = pageQuery

/** POST /api/alipay/create_alipay_url and /api/wallex/create_payment: the product's id. */
export const buyProductSchema = z.object({ id: z.coerce.number({ error: 'productNotFound' }).int('productNotFound').positive('productNotFound').max(2_147_483_647, 'productNotFound') })

/** POST /api/alipay/query_order: the order id Alipay knows as out_trade_no. */
export const alipayQuerySchema = z.object({ outTradeNo: z.string().trim().regex(/^\w{1,64}$/, 'orderNotFound') })

/** POST /api/wallex/query_payment: the payment intent id from the checkout return. */
export const wallexQuerySchema = z.object({ payId: z.string().trim().regex(/^[\w-]{1,80}$/, 'orderNotFound') })
