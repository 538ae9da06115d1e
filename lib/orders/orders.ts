import 'server-only'
import { randomUUID } from 'node:crypto'
import type { Order, OrderChannel, OrderStatus, Product } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { toPage, type Page } from '@/lib/pagination'
import type { Locale } from '@/lib/site'
import type { OrderItem } from './contract'

/** Order status, stored as an enum and answered as a number: 1 unpaid, 2 paid (docs/product.md, Orders). */
export const ORDER_STATUS = { unpaid: 'unpaid', paid: 'paid' } as const satisfies Record<OrderStatus, OrderStatus>
export const ORDER_STATUS_CODE: Record<OrderStatus, 1 | 2> = { unpaid: 1, paid: 2 }
/** Order channel, answered as a number: 1 yuan (Alipay), 2 dollar (card through Airwallex). */
export const ORDER_CHANNEL = { alipay: 'alipay', card: 'card' } as const satisfies Record<OrderChannel, OrderChannel>
export const ORDER_CHANNEL_CODE: Record<OrderChannel, 1 | 2> = { alipay: 1, card: 2 }
export type { OrderChannel, OrderStatus }

export const CHANNEL_CURRENCY: Record<OrderChannel, 'CNY' | 'USD'> = { alipay: 'CNY', card: 'USD' }

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

export type { OrderItem } from './contract'
export type OrderPage = Page<OrderItem>

export function toOrderItem(order: Order, locale: Locale): OrderItem {
  const name = packName(order.points, locale)
  return {
    orderId: order.orderId,
    status: ORDER_STATUS_CODE[order.status],
    productId: order.productId,
    productName: name,
    name,
    points: order.points,
    price: order.price.toNumber(),
    currency: order.currency,
    channel: ORDER_CHANNEL_CODE[order.channel],
    createTime: order.createTime.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  }
}

/** One page of the user's orders, newest first, as a page object. */
export async function listOrders({ userId, page, size, locale }: { userId: string; page: number; size: number; locale: Locale }): Promise<OrderPage> {
  const [totalCount, rows] = await db.$transaction([
    db.order.count({ where: { userId } }),
    db.order.findMany({ where: { userId }, orderBy: [{ createTime: 'desc' }, { orderId: 'asc' }], skip: (page - 1) * size, take: size }),
  ])
  return toPage({ list: rows.map((o) => toOrderItem(o, locale)), page, size, totalCount })
}

/** The caller's own order, or not found (another user's order is not found either). */
export async function findOwnOrder({ userId, orderId }: { userId: string; orderId: string }): Promise<Order> {
  const order = await db.order.findUnique({ where: { orderId } })
  if (!order || order.userId !== userId) throw new AppError('not_found', 'orderNotFound')
  return order
}

/** A user's newest orders (at most `take`, each with its pack's points) and how many they have in all: a manager's view of the user. */
export async function latestOrdersOf({ userId, take }: { userId: string; take: number }) {
  const [orders, count] = await Promise.all([
    db.order.findMany({ where: { userId }, orderBy: [{ createTime: 'desc' }, { orderId: 'desc' }], take, include: { product: { select: { points: true } } } }),
    db.order.count({ where: { userId } }),
  ])
  return { orders, count }
}
