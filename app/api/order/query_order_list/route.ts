import { route } from '@/lib/http'
import { listOrders } from '@/lib/orders'
import { orderListSchema } from '@/lib/orders/schemas'
import { orderPageSchema } from '@/lib/orders/contract'

// POST /api/order/query_order_list – the caller's orders, newest first, in the order page object
export const POST = route({ summary: 'The caller\'s orders, newest first, in the order page object', auth: 'user', response: orderPageSchema, body: orderListSchema }, async ({ user, body, locale }) => listOrders({ userId: user.id, page: body.page, size: body.size, locale }))
