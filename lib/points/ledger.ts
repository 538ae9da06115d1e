import 'server-only'
import type { PrismaClient } from '@prisma/client'
import { db, type Tx } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { MAX_POINTS_PER_CHANGE } from './schemas'

export type LotSource = 'purchase' | 'grant' | 'refund'
type Allocation = { lotId: string; amount: number }

// Creating a task stores thousands of segments in the same transaction as its reservation.
export const LEDGER_TX_OPTIONS = { maxWait: 20_000, timeout: 60_000 }

/** Points bought (or granted) now expire one calendar year later. */
export function lotExpiry(from: Date): Date {
  const expires = new Date(from)
  expires.setUTCFullYear(expires.getUTCFullYear() + 1)
  return expires
}

function isClient(tx: Tx): tx is PrismaClient {
  return typeof (tx as Partial<PrismaClient>).$transaction === 'function'
}

/** Runs fn inside the caller's transaction, or in a new one when given none (or the client itself). */
export async function inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const target = tx ?? db
  if (isClient(target)) return target.$transaction((inner) => fn(inner), LEDGER_TX_OPTIONS)
  return fn(target)
}

/**
 * Locks the user's row until the transaction ends, so every balance change of one user runs one
 * after the other (the check and the update can never interleave). Throws not found for no user.
 */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`
  if (rows.length === 0) throw new AppError('not_found', 'notFound')
}

/** Sum of the remaining points of the user's unexpired lots. */
export async function balanceOf(tx: Tx, userId: string, now = new Date()): Promise<number> {
  const sum = await tx.pointLot.aggregate({ where: { userId, expiresAt: { gt: now }, remaining: { gt: 0 } }, _sum: { remaining: true } })
  return sum._sum.remaining ?? 0
}

/**
 * Takes `amount` points from the user's unexpired lots, soonest-expiring first. Rule: the caller
 * holds the user lock; not enough points throws insufficient_points and changes nothing.
 */
export async function takeFromLots(tx: Tx, userId: string, amount: number, now: Date): Promise<Allocation[]> {
  if (amount === 0) return []
  const lots = await tx.pointLot.findMany({
    where: { userId, expiresAt: { gt: now }, remaining: { gt: 0 } },
    orderBy: [{ expiresAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, remaining: true },
  })
  const available = lots.reduce((sum, lot) => sum + lot.remaining, 0)
  if (available < amount) throw new AppError('insufficient_points', 'insufficientPoints')
  const taken: Allocation[] = []
  let left = amount
  for (const lot of lots) {
    if (left === 0) break
    const take = Math.min(left, lot.remaining)
    // The guard on remaining makes a concurrent writer that skipped the lock fail loudly, not go negative.
    const updated = await tx.pointLot.updateMany({ where: { id: lot.id, remaining: { gte: take } }, data: { remaining: { decrement: take } } })
    if (updated.count !== 1) throw new Error(`point lot ${lot.id} changed under the user lock`)
    taken.push({ lotId: lot.id, amount: -take })
    left -= take
  }
  return taken
}

/** A refund of points whose lot expired meanwhile stays usable at least this long. */
export const REFUND_MIN_VALIDITY_MS = 30 * 24 * 3600_000

/**
 * Gives points back to the lots they were taken from. Rule: points whose lot expired while they
 * were reserved come back in a refund lot of their own, valid 30 days, so a refund never hands
 * back points that are already dead.
 */
export async function returnToLots(tx: Tx, allocations: Allocation[], now = new Date()): Promise<Allocation[]> {
  const returned: Allocation[] = []
  for (const { lotId, amount } of allocations) {
    if (amount >= 0) continue
    const lot = await tx.pointLot.findUnique({ where: { id: lotId }, select: { expiresAt: true, userId: true, orderId: true } })
    if (lot && lot.expiresAt <= now) {
      const refund = await tx.pointLot.create({
        data: { userId: lot.userId, granted: -amount, remaining: -amount, expiresAt: new Date(now.getTime() + REFUND_MIN_VALIDITY_MS), source: 'refund', orderId: lot.orderId, createdAt: now },
      })
      returned.push({ lotId: refund.id, amount: -amount })
      continue
    }
    await tx.pointLot.update({ where: { id: lotId }, data: { remaining: { increment: -amount } } })
    returned.push({ lotId, amount: -amount })
  }
  return returned
}

/** Asserts a whole, positive number of points, at most MAX_POINTS_PER_CHANGE. */
export function assertPositivePoints(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_POINTS_PER_CHANGE) throw new AppError('bad_request', 'pointsInvalid')
}
