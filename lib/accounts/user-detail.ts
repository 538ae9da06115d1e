import 'server-only'
import type { User } from '@prisma/client'
import { toPublicUser } from '@/lib/auth/public-user'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { latestOrdersOf, ORDER_CHANNEL_CODE, ORDER_STATUS_CODE } from '@/lib/orders'
import { getBalance, pointHistory } from '@/lib/points'
import type { UserDetail } from './contract'

/** Orders one detail answer lists at most (newest first); older ones are counted, not listed. */
export const DETAIL_ORDERS = 50
/** Ledger entries a detail answer lists unless the caller asks for more. */
export const DETAIL_ENTRIES = 20

export type { UserDetail } from './contract'

async function findUser(id: string): Promise<User> {
  const user = await db.user.findUnique({ where: { id } })
  if (!user) throw new AppError('not_found', 'userNotFound')
  return user
}

/** What a manager sees of one user: profile, balance, lots with expiry, orders and the newest ledger entries. */
export async function getUserDetail({ id, entries = DETAIL_ENTRIES }: { id: string; entries?: number }): Promise<UserDetail> {
  const user = await findUser(id)
  const [balance, history, { orders, count: orderCount }] = await Promise.all([
    getBalance({ userId: id }),
    pointHistory({ userId: id, entries }),
    latestOrdersOf({ userId: id, take: DETAIL_ORDERS }),
  ])
  return {
    user: { ...toPublicUser(user), createdAt: user.createdAt.toISOString() },
    balance,
    ...history,
    orders: orders.map((order) => ({
      orderId: order.orderId,
      status: ORDER_STATUS_CODE[order.status],
      channel: ORDER_CHANNEL_CODE[order.channel],
      price: order.price.toFixed(2),
      currency: order.currency,
      createTime: order.createTime.toISOString(),
      productId: order.productId,
      points: order.product?.points ?? null,
    })),
    orderCount,
  }
}

/**
 * A manager edits a user's name and role. Rule: nobody removes their own manager role (40300), so
 * a workspace never loses the manager who is using it; an unknown id is 40400.
 */
export async function updateUser({ id, actorId, name, admin }: { id: string; actorId: string; name: string; admin: boolean }): Promise<User> {
  if (id === actorId && !admin) throw new AppError('forbidden', 'cannotDemoteSelf')
  await findUser(id)
  return db.user.update({ where: { id }, data: { name, isAdmin: admin } })
}
