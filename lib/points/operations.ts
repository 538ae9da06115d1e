import 'server-only'
import { db, type Tx } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { countPoints } from '@/lib/metrics'
import { ledgerNote } from './ledger-note'
import { assertPositivePoints, balanceOf, inTransaction, lockUser, lotExpiry, returnToLots, takeFromLots, type LotSource } from './ledger'

export type PointsResult = { balance: number; isDuplicate: boolean }

// Round 0 is the task's creation; each retry of a failed task reserves again as a new round, with
// keys of its own, so every round is reserved, captured or released at most once.
const taskKey = (taskId: string, step: 'reserve' | 'capture' | 'release', round = 0) => (round === 0 ? `task:${taskId}:${step}` : `task:${taskId}:${step}:${round}`)

/** The task's latest reservation round (0 when there is none or only the first). */
async function latestRound(t: Tx, taskId: string): Promise<number> {
  const reserves = await t.pointEntry.count({ where: { taskId, reason: 'reserve' } })
  return Math.max(0, reserves - 1)
}

/**
 * Points the task's closed rounds kept: what a failure charged for the work done (a round released
 * in part), so a retry or a new price reserves only the rest and the task never costs more than its price.
 */
async function keptByClosedRounds(t: Tx, taskId: string, exceptKey?: string): Promise<number> {
  const sum = await t.pointEntry.aggregate({ where: { taskId, reason: { in: ['reserve', 'release'] }, ...(exceptKey ? { idempotencyKey: { not: exceptKey } } : {}) }, _sum: { delta: true } })
  return Math.max(0, -(sum._sum.delta ?? 0))
}

/** The user's balance: the remaining points of their unexpired lots. */
export async function getBalance({ userId, now = new Date(), tx }: { userId: string; now?: Date; tx?: Tx }): Promise<number> {
  return balanceOf(tx ?? db, userId, now)
}

/**
 * Grants a lot of points that expires one year after `now` (purchases, operator grants, refunds).
 * Idempotent per key: a repeated key changes nothing and answers the current balance.
 */
export async function grantPoints({
  userId,
  amount,
  key,
  source = 'grant',
  reason,
  orderId,
  now = new Date(),
  expiresAt,
  tx,
}: {
  userId: string
  amount: number
  key: string
  source?: LotSource
  /** Free text kept on the ledger entry ("support ticket 42"). */
  reason?: string
  orderId?: string
  now?: Date
  /** Overrides the one-year expiry (tests, migrated balances). */
  expiresAt?: Date
  tx?: Tx
}): Promise<PointsResult & { lotId: string | null }> {
  assertPositivePoints(amount)
  return inTransaction(tx, async (t) => {
    await lockUser(t, userId)
    const existing = await t.pointEntry.findUnique({ where: { idempotencyKey: key } })
    if (existing) return { balance: await balanceOf(t, userId, now), isDuplicate: true, lotId: existing.lotId }
    const lot = await t.pointLot.create({
      data: { userId, granted: amount, remaining: amount, expiresAt: expiresAt ?? lotExpiry(now), source, orderId, createdAt: now },
    })
    await t.pointEntry.create({
      data: {
        userId, delta: amount, reason: source, note: reason, orderId, lotId: lot.id, idempotencyKey: key,
        allocations: { create: [{ lotId: lot.id, amount }] },
      },
    })
    return { balance: await balanceOf(t, userId, now), isDuplicate: false, lotId: lot.id }
  })
}

/**
 * Spends points outright (decr_point, a manager's deduction), soonest-expiring lots
 * first. Rules: a whole positive amount, never more than the balance (insufficient_points);
 * idempotent per key, and a key replayed with another amount is a 40900.
 */
export async function spendPoints({
  userId,
  amount,
  key,
  reason,
  now = new Date(),
  tx,
}: {
  userId: string
  amount: number
  key: string
  /** Free text kept on the ledger entry (why a manager deducted the points). */
  reason?: string
  now?: Date
  tx?: Tx
}): Promise<PointsResult> {
  assertPositivePoints(amount)
  return inTransaction(tx, async (t) => {
    await lockUser(t, userId)
    const existing = await t.pointEntry.findUnique({ where: { idempotencyKey: key } })
    if (existing) {
      // A replay must be the same request: a key reused for another amount is a client bug, not a success.
      if (existing.userId !== userId || existing.reason !== 'spend' || existing.delta !== -amount) throw new AppError('conflict', 'idempotencyMismatch')
      return { balance: await balanceOf(t, userId, now), isDuplicate: true }
    }
    const taken = await takeFromLots(t, userId, amount, now)
    await t.pointEntry.create({ data: { userId, delta: -amount, reason: 'spend', note: reason ?? ledgerNote(), idempotencyKey: key, allocations: { create: taken } } })
    return { balance: await balanceOf(t, userId, now), isDuplicate: false }
  })
}

/**
 * Holds a task's cost: the points leave the balance now (soonest-expiring lots first) and are later
 * captured (completed) or released (failed, deleted). Rules: insufficient points throws 40200 and,
 * run inside the task's transaction, stores nothing; idempotent per task; a zero cost still records
 * the reservation so capture and release behave the same for every task.
 */
export async function reserveTaskPoints({ userId, taskId, amount, now = new Date(), tx }: { userId: string; taskId: string; amount: number; now?: Date; tx?: Tx }): Promise<PointsResult> {
  if (amount !== 0) assertPositivePoints(amount)
  return inTransaction(tx, async (t) => {
    await lockUser(t, userId)
    const key = taskKey(taskId, 'reserve')
    const existing = await t.pointEntry.findUnique({ where: { idempotencyKey: key } })
    if (existing) return { balance: await balanceOf(t, userId, now), isDuplicate: true }
    const taken = await takeFromLots(t, userId, amount, now)
    await t.pointEntry.create({ data: { userId, taskId, delta: -amount, reason: 'reserve', note: ledgerNote(), idempotencyKey: key, allocations: { create: taken } } })
    countPoints('reserved', amount)
    return { balance: await balanceOf(t, userId, now), isDuplicate: false }
  })
}

/**
 * Holds a failed task's cost again for a retry, as a new round. Rules: only after the latest
 * round was released (a failed task gave its points back), so a task is charged once in all;
 * what earlier rounds kept for work done (settleTaskPoints) is taken off `amount`, the task's whole
 * price; insufficient points throws 40200; a round already reserved and still open is answered as
 * a duplicate, never reserved twice.
 */
export async function reserveTaskRetryPoints({ userId, taskId, amount, now = new Date(), tx }: { userId: string; taskId: string; amount: number; now?: Date; tx?: Tx }): Promise<PointsResult> {
  if (amount !== 0) assertPositivePoints(amount)
  return inTransaction(tx, async (t) => {
    await lockUser(t, userId)
    const round = await latestRound(t, taskId)
    const closed = await t.pointEntry.findMany({ where: { idempotencyKey: { in: [taskKey(taskId, 'capture', round), taskKey(taskId, 'release', round)] } } })
    if (closed.some((e) => e.reason === 'capture')) throw new ReservationError('captured', taskId)
    const isReserved = (await t.pointEntry.count({ where: { taskId, reason: 'reserve' } })) > 0
    if (isReserved && closed.length === 0) return { balance: await balanceOf(t, userId, now), isDuplicate: true }
    const rest = Math.max(0, amount - (await keptByClosedRounds(t, taskId)))
    const taken = await takeFromLots(t, userId, rest, now)
    const next = isReserved ? round + 1 : 0
    await t.pointEntry.create({ data: { userId, taskId, delta: -rest, reason: 'reserve', note: ledgerNote(), idempotencyKey: taskKey(taskId, 'reserve', next), allocations: { create: taken } } })
    countPoints('reserved', rest)
    return { balance: await balanceOf(t, userId, now), isDuplicate: false }
  })
}

export class ReservationError extends Error {
  constructor(
    readonly reason: 'missing' | 'released' | 'captured',
    taskId: string,
  ) {
    super(
      reason === 'missing'
        ? `task ${taskId} has no points reservation`
        : reason === 'released'
          ? `the points reservation of task ${taskId} was already released`
          : `task ${taskId} was already charged`,
    )
    this.name = 'ReservationError'
  }
}

/**
 * Charges a task's reservation for good. Idempotent per task (a resumed task is charged once);
 * throws ReservationError when there is no reservation or it was released.
 */
export async function captureTaskPoints({ taskId, tx }: { taskId: string; tx?: Tx }): Promise<{ amount: number; isDuplicate: boolean }> {
  return inTransaction(tx, async (t) => {
    const round = await latestRound(t, taskId)
    const reserve = await t.pointEntry.findUnique({ where: { idempotencyKey: taskKey(taskId, 'reserve', round) } })
    if (!reserve) throw new ReservationError('missing', taskId)
    // A deleted user's task is gone with them; their ledger keeps the reservation as it was.
    if (!reserve.userId) return { amount: -reserve.delta, isDuplicate: true }
    await lockUser(t, reserve.userId)
    const done = await t.pointEntry.findMany({ where: { idempotencyKey: { in: [taskKey(taskId, 'capture', round), taskKey(taskId, 'release', round)] } } })
    if (done.some((e) => e.reason === 'capture')) return { amount: -reserve.delta, isDuplicate: true }
    if (done.some((e) => e.reason === 'release')) throw new ReservationError('released', taskId)
    await t.pointEntry.create({ data: { userId: reserve.userId, taskId, delta: 0, reason: 'capture', idempotencyKey: taskKey(taskId, 'capture', round) } })
    countPoints('captured', -reserve.delta)
    return { amount: -reserve.delta, isDuplicate: false }
  })
}

/**
 * Returns a task's reserved points to the lots they came from (failed or deleted task). Rules:
 * idempotent; does nothing for a task with no reservation or one already captured; points whose
 * lot expired meanwhile come back in a refund lot valid 30 days.
 */
export async function releaseTaskPoints({ taskId, tx, now = new Date() }: { taskId: string; tx?: Tx; now?: Date }): Promise<{ released: number }> {
  return inTransaction(tx, async (t) => {
    const round = await latestRound(t, taskId)
    const reserve = await t.pointEntry.findUnique({ where: { idempotencyKey: taskKey(taskId, 'reserve', round) }, include: { allocations: true } })
    if (!reserve?.userId) return { released: 0 }
    await lockUser(t, reserve.userId)
    const done = await t.pointEntry.findMany({ where: { idempotencyKey: { in: [taskKey(taskId, 'capture', round), taskKey(taskId, 'release', round)] } } })
    if (done.length > 0) return { released: 0 }
    const returned = await returnToLots(t, reserve.allocations, now)
    await t.pointEntry.create({
      data: { userId: reserve.userId, taskId, delta: -reserve.delta, reason: 'release', idempotencyKey: taskKey(taskId, 'release', round), allocations: { create: returned } },
    })
    countPoints('released', -reserve.delta)
    return { released: -reserve.delta }
  })
}

/** The part of a reservation's allocations that makes `amount`, latest-expiring lots first (the charge stays on the soonest). */
export function lastAllocations(allocations: { lotId: string; amount: number }[], amount: number): { lotId: string; amount: number }[] {
  const picked: { lotId: string; amount: number }[] = []
  let left = amount
  for (const a of [...allocations].reverse()) {
    if (left === 0) break
    const take = Math.min(left, -a.amount)
    if (take > 0) picked.push({ lotId: a.lotId, amount: -take })
    left -= take
  }
  return picked
}

/**
 * Closes an unfinished task's reservation (failed or deleted): keeps what the work already done
 * costs and releases the rest, as one `release` entry of the difference (idempotent, its key the
 * round's release key). `charge` is the task's whole charge for that work, so what earlier rounds
 * kept counts towards it; never more than the reservation is kept. Does nothing for a task with no
 * open reservation.
 */
export async function settleTaskPoints({ taskId, charge, tx, now = new Date() }: { taskId: string; charge: number; tx?: Tx; now?: Date }): Promise<{ kept: number; released: number }> {
  return inTransaction(tx, async (t) => {
    const round = await latestRound(t, taskId)
    const reserveKey = taskKey(taskId, 'reserve', round)
    const reserve = await t.pointEntry.findUnique({ where: { idempotencyKey: reserveKey }, include: { allocations: true } })
    if (!reserve?.userId) return { kept: 0, released: 0 }
    await lockUser(t, reserve.userId)
    const done = await t.pointEntry.findMany({ where: { idempotencyKey: { in: [taskKey(taskId, 'capture', round), taskKey(taskId, 'release', round)] } } })
    if (done.length > 0) return { kept: 0, released: 0 }
    const reserved = -reserve.delta
    const kept = Math.min(reserved, Math.max(0, charge - (await keptByClosedRounds(t, taskId, reserveKey))))
    const returned = await returnToLots(t, lastAllocations(reserve.allocations, reserved - kept), now)
    await t.pointEntry.create({
      data: { userId: reserve.userId, taskId, delta: reserved - kept, reason: 'release', idempotencyKey: taskKey(taskId, 'release', round), allocations: { create: returned } },
    })
    countPoints('released', reserved - kept)
    if (kept > 0) countPoints('captured', kept)
    return { kept, released: reserved - kept }
  })
}
