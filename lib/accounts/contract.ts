import { z } from 'zod'
import { pageSchema } from '@/lib/pagination'
import { pointHistorySchema } from '@/lib/points/contract'

// What the account endpoints answer, declared once (see lib/tasks/contract.ts).

/** The user data clients see (id, email, name, pic, admin): never a hash or provider id. */
export const publicUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), pic: z.string(), admin: z.boolean() })
/** A sign-in or sign-up answer: the user and a session token for API clients (browsers get the cookie). */
export const signedInSchema = publicUserSchema.extend({ token: z.string() })
export const userPageSchema = pageSchema(publicUserSchema)
export const userListSchema = z.array(publicUserSchema)
export const deletedUserSchema = z.object({ id: z.string(), name: z.string() })

/** An order in a manager's view of a user: status 1 unpaid, 2 paid; channel 1 yuan, 2 dollar. */
export const orderViewSchema = z.object({
  orderId: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  channel: z.union([z.literal(1), z.literal(2)]),
  price: z.string(),
  currency: z.string(),
  createTime: z.string(),
  productId: z.number().int(),
  points: z.number().int().nullable(),
})
export const userDetailViewSchema = pointHistorySchema.extend({
  user: publicUserSchema.extend({ createdAt: z.string() }),
  balance: z.number().int(),
  orders: z.array(orderViewSchema),
  orderCount: z.number().int(),
})
export const avatarSchema = z.object({ url: z.string(), key: z.string() })

export type PublicUser = z.infer<typeof publicUserSchema>
export type OrderView = z.infer<typeof orderViewSchema>
export type UserDetail = z.infer<typeof userDetailViewSchema>

/** The WeChat QR panel's settings, with a fresh state bound to a cookie (GET /api/wechat/qr_config). */
export const wechatQrConfigSchema = z.object({ appId: z.string(), state: z.string(), redirectUri: z.string(), isSandbox: z.boolean(), qrconnectUrl: z.string() })
export type WechatQrConfig = z.infer<typeof wechatQrConfigSchema>
