import 'server-only'
import { randomUUID } from 'node:crypto'
import type { Order, Product } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import type { Locale } from '@/lib/site'

/** Order status of the spec: 1 unpaid, 2 paid. */
export const ORDER_STATUS = { unpaid: 1, paid: 2 } as const
/** Order channel of the spec: 1 yuan (Alipay), 2 dollar (card through Airwallex). */
export const ORDER_CHANNEL = { alipay: 1, card: 2 } as const
export type OrderChannel = (typeof ORDER_CHANNEL)[keyof typeof ORDER_CHANNEL]

export const CHANNEL_CURRENCY: Record<OrderChannel, 'CNY' | 'USD'> = { 1: 'CNY', 2: 'USD' }

/** An order id: 32 hex characters, valid as Alipay's out_trade_no (letters and digits, at most 64). */
export function newOrderId(): string {
  return randomUUID().replaceAll('-', '')
}

/** The order id in UUID form: Airwallex wants a UUID as request_id, its idempotency key. */
export function orderRequestId(orderId: string): string {
  return `${orderId.slice(0, 8)}-${orderId.slice(8, 12)}-${orderId.slice(12, 16)}-${orderId.slice(16, 20)}-${orderId.slice(20)}`
}

/** An amount as providers write it: two decimals. */
export const formatAmount = (value: { toFixed(digits: number): string } | number) => (typeof value === 'number' ? value.toFixed(2) : value.toFixed(2))

const PACK_NAME: Record<Locale, (points: string) => string> = {
  'zh-CN': (n) => `${n} 积分`,
  'en-US': (n) => `${n} points`,
  'ja-JP': (n) => `${n} ポイント`,
}

/** The name of a pack in the caller's language ("1000 points"). */
export function packName(points: number, locale: Locale): string {
  return PACK_NAME[locale](points.toLocaleString(locale))
}

/**
 * Creates an unpaid order for an active product, priced for its channel (yuan for Alipay,
 * dollars for card). The points are fixed now, so a later catalogue change alters nothing bought.
 */
export async function createOrder({ userId, productId, channel }: { userId: string; productId: number; channel: OrderChannel }): Promise<Order & { product: Product }> {
  const product = await db.product.findFirst({ where: { id: productId, active: true } })
  if (!product) throw new AppError('not_found', 'productNotFound')
  return db.order.create({
    data: {
      orderId: newOrderId(),
      userId,
      productId,
      points: product.points,
      channel,
      price: channel === ORDER_CHANNEL.alipay ? product.originalPrice : product.dollarPrice,
      currency: CHANNEL_CURRENCY[channel],
    },
    include: { product: true },
  })
}

/** The spec's order list item, with the pack's name in the caller's language. */
export type OrderItem = {
  orderId: string
  status: number
  productId: number
  productName: string
  name: string
  points: number
  price: number
  currency: string
  channel: number
  createTime: string
  paidAt: string | null
}

export type OrderPage = { pageNum: number; pageSize: number; totalCount: number; totalPages: number; hasNextPage: boolean; hasPrevPage: boolean; list: OrderItem[] }

export function toOrderItem(order: Order, locale: Locale): OrderItem {
  const name = packName(order.points, locale)
  return {
    orderId: order.orderId,
    status: order.status,
    productId: order.productId,
    productName: name,
    name,
    points: order.points,
    price: order.price.toNumber(),
    currency: order.currency,
    channel: order.channel,
    createTime: order.createTime.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  }
}

/** One page of the user's orders, newest first, in the spec's order page object. */
export async function listOrders({ userId, page, size, locale }: { userId: string; page: number; size: number; locale: Locale }): Promise<OrderPage> {
  const [totalCount, rows] = await db.$transaction([
    db.order.count({ where: { userId } }),
    db.order.findMany({ where: { userId }, orderBy: [{ createTime: 'desc' }, { orderId: 'asc' }], skip: (page - 1) * size, take: size }),
  ])
  const totalPages = Math.max(1, Math.ceil(totalCount / size))
  return { pageNum: page, pageSize: size, totalCount, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, list: rows.map((o) => toOrderItem(o, locale)) }
}

/** The caller's own order, or not found (another user's order is not found either). */
export async function findOwnOrder({ userId, orderId }: { userId: string; orderId: string }): Promise<Order> {
  const order = await db.order.findUnique({ where: { orderId } })
  if (!order || order.userId !== userId) throw new AppError('not_found', 'orderNotFound')
  return order
}
