import { z } from 'zod'
import { pageSchema } from '@/lib/pagination'

// What the product and order endpoints answer, declared once (see lib/tasks/contract.ts).

/** A pack: prices in yuan and dollars, and what it buys in subtitle minutes. */
export const productSchema = z.object({ id: z.number().int(), points: z.number().int(), originalPrice: z.number(), dollarPrice: z.number(), minutes: z.number().int() })
export const productListSchema = z.array(productSchema)

/** An order of the list: status 1 unpaid, 2 paid; channel 1 yuan (Alipay), 2 dollar (card). */
export const orderItemSchema = z.object({
  orderId: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  productId: z.number().int(),
  productName: z.string(),
  name: z.string(),
  points: z.number().int(),
  price: z.number(),
  currency: z.string(),
  channel: z.union([z.literal(1), z.literal(2)]),
  createTime: z.string(),
  paidAt: z.string().nullable(),
})
export const orderPageSchema = pageSchema(orderItemSchema)

export type ProductDto = z.infer<typeof productSchema>
export type OrderItem = z.infer<typeof orderItemSchema>
