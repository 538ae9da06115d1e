import { z } from 'zod'

// What the payment endpoints answer, declared once (see lib/tasks/contract.ts).

/** The signed Alipay page-pay URL, opened in a new tab, and the order it pays. */
export const alipayUrlSchema = z.object({ url: z.string(), orderId: z.string() })

/** The Alipay trade (Alipay's own status words) with our order's status (1 unpaid, 2 paid) and the balance once paid. */
export const alipayOrderStatusSchema = z.object({
  status: z.string(),
  desc: z.string(),
  tradeNo: z.string().nullable(),
  outTradeNo: z.string(),
  totalAmount: z.string().nullable(),
  orderStatus: z.union([z.literal(1), z.literal(2)]),
  points: z.number().int(),
  balance: z.number().int().nullable(),
})

/** A card payment intent for the hosted checkout; `checkoutUrl` is set in sandbox mode only. */
export const cardPaymentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  currency: z.string(),
  orderId: z.string(),
  env: z.enum(['prod', 'demo']),
  checkoutUrl: z.string().nullable(),
})

/** The card payment's status (Airwallex's words, SUCCEEDED once paid) and our order id. */
export const cardPaymentStatusSchema = z.object({ status: z.string(), orderID: z.string() })

export type AlipayOrderStatus = z.infer<typeof alipayOrderStatusSchema>
export type CardPayment = z.infer<typeof cardPaymentSchema>
export type CardPaymentStatus = z.infer<typeof cardPaymentStatusSchema>
