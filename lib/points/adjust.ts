import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { grantPoints, spendPoints, type PointsResult } from './operations'

export type AdjustDirection = 'grant' | 'deduct'

/**
 * A manager grants or deducts points by hand, with the reason kept on the ledger entry. A grant is
 * a lot of source 'grant' (one year, like a purchase); a deduction spends the soonest-expiring lots
 * and never more than the balance (insufficient_points, nothing changes). The client's key is
 * scoped to the target user, so one submit applies once however often it arrives; the same key
 * sent again with another amount or direction is refused rather than silently ignored.
 */
export async function adjustPoints({
  userId,
  amount,
  direction,
  reason,
  clientKey,
  now = new Date(),
}: {
  userId: string
  amount: number
  direction: AdjustDirection
  reason: string
  clientKey: string
  now?: Date
}): Promise<PointsResult> {
  const key = `manager:${userId}:${clientKey}`
  const result = await (direction === 'grant' ? grantPoints({ userId, amount, key, source: 'grant', reason, now }) : spendPoints({ userId, amount, key, reason, now })).catch(
    (error: unknown) => {
      // The ledger's lock says "not found" for a missing row; here that row is the user.
      throw error instanceof AppError && error.code === 'not_found' ? new AppError('not_found', 'userNotFound') : error
    },
  )
  if (result.isDuplicate) {
    const first = await db.pointEntry.findUnique({ where: { idempotencyKey: key }, select: { delta: true } })
    if (first?.delta !== (direction === 'grant' ? amount : -amount)) throw new AppError('conflict', 'idempotencyKeyReused')
  }
  return { balance: result.balance, isDuplicate: result.isDuplicate }
}
