import 'server-only'
import type { Tx } from '@/lib/db'
import { countPoints } from '@/lib/metrics'
import { balanceOf, inTransaction, lockUser, returnToLots, takeFromLots } from './ledger'
import { ledgerNote } from './ledger-note'
import { lastAllocations, type PointsResult } from './operations'

// A dub's points, apart from its task's: reserved at its price when it starts, settled once on what
// was spoken. Keys dub:<id>:reserve and dub:<id>:settle; entries carry no taskId, so the task's own
// reservation rounds (operations.ts) never count them.
const dubKey = (dubId: string, step: 'reserve' | 'settle') => `dub:${dubId}:${step}`
const noteOf = (dubId: string) => ledgerNote() ?? `dub ${dubId}`

/** Holds a dub's price. Rules: insufficient points throws 40200 (nothing stored in the caller's transaction); idempotent per dub. */
export async function reserveDubPoints({ userId, dubId, amount, now = new Date(), tx }: { userId: string; dubId: string; amount: number; now?: Date; tx?: Tx }): Promise<PointsResult> {
  return inTransaction(tx, async (t) => {
    await lockUser(t, userId)
    const key = dubKey(dubId, 'reserve')
    if (await t.pointEntry.findUnique({ where: { idempotencyKey: key } })) return { balance: await balanceOf(t, userId, now), isDuplicate: true }
    const taken = await takeFromLots(t, userId, amount, now)
    await t.pointEntry.create({ data: { userId, delta: -amount, reason: 'reserve', note: noteOf(dubId), idempotencyKey: key, allocations: { create: taken } } })
    countPoints('reserved', amount)
    return { balance: await balanceOf(t, userId, now), isDuplicate: false }
  })
}

/**
 * Closes a dub's reservation: keeps `charge` (never more than was reserved) and returns the rest to
 * the lots it came from, as one release entry. Idempotent: a second settle changes nothing and
 * answers what the first kept.
 */
export async function settleDubPoints({ dubId, charge, now = new Date(), tx }: { dubId: string; charge: number; now?: Date; tx?: Tx }): Promise<{ kept: number; released: number }> {
  return inTransaction(tx, async (t) => {
    const reserve = await t.pointEntry.findUnique({ where: { idempotencyKey: dubKey(dubId, 'reserve') }, include: { allocations: true } })
    if (!reserve?.userId) return { kept: 0, released: 0 }
    await lockUser(t, reserve.userId)
    const reserved = -reserve.delta
    const settled = await t.pointEntry.findUnique({ where: { idempotencyKey: dubKey(dubId, 'settle') } })
    if (settled) return { kept: reserved - settled.delta, released: settled.delta }
    const kept = Math.min(reserved, Math.max(0, charge))
    const returned = await returnToLots(t, lastAllocations(reserve.allocations, reserved - kept), now)
    await t.pointEntry.create({ data: { userId: reserve.userId, delta: reserved - kept, reason: 'release', note: noteOf(dubId), idempotencyKey: dubKey(dubId, 'settle'), allocations: { create: returned } } })
    countPoints('released', reserved - kept)
    if (kept > 0) countPoints('captured', kept)
    return { kept, released: reserved - kept }
  })
}
