import 'server-only'
import { db } from '@/lib/db'
import type { PointHistory } from './contract'

/** Lots one history answer lists at most (newest first); older ones are counted, not listed. */
export const HISTORY_LOTS = 50
const DAY_MS = 24 * 60 * 60 * 1000

export type { LotView, EntryView, PointHistory } from './contract'

/** A user's lots (with expiry) and ledger entries, newest first: `entries` of them at most. */
export async function pointHistory({ userId, entries, now = new Date() }: { userId: string; entries: number; now?: Date }): Promise<PointHistory> {
  // Newest first with the id as tie-break, so entries written in one millisecond keep one order.
  const [lots, lotCount, rows, entryCount, next] = await db.$transaction([
    db.pointLot.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: HISTORY_LOTS }),
    db.pointLot.count({ where: { userId } }),
    db.pointEntry.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: entries }),
    db.pointEntry.count({ where: { userId } }),
    db.pointLot.findFirst({ where: { userId, expiresAt: { gt: now }, remaining: { gt: 0 } }, orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }] }),
  ])
  // Lots bought on one day expire on one day: "5,100 points expire by ..." rather than one lot of them.
  const soon = next && (await db.pointLot.aggregate({
    where: { userId, expiresAt: { gt: now, lte: new Date(next.expiresAt.getTime() + DAY_MS) }, remaining: { gt: 0 } },
    _sum: { remaining: true },
    _max: { expiresAt: true },
  }))
  return {
    lots: lots.map((lot) => ({
      id: lot.id,
      granted: lot.granted,
      remaining: lot.remaining,
      source: lot.source,
      orderId: lot.orderId,
      createdAt: lot.createdAt.toISOString(),
      expiresAt: lot.expiresAt.toISOString(),
      isExpired: lot.expiresAt <= now,
    })),
    lotCount,
    entries: rows.map((entry) => ({
      id: entry.id,
      delta: entry.delta,
      reason: entry.reason,
      note: entry.note,
      taskId: entry.taskId,
      orderId: entry.orderId,
      createdAt: entry.createdAt.toISOString(),
    })),
    entryCount,
    nextExpiry: soon ? { points: soon._sum.remaining ?? 0, expiresAt: (soon._max.expiresAt ?? next!.expiresAt).toISOString() } : null,
  }
}
