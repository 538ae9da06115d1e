import 'server-only'
import { stat } from 'node:fs/promises'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { partFile } from './parts'

// How far a part's upload has got, and whether it is still worth waiting for. A part counts as
// moving only when it grows by PROGRESS_BYTES: a client that sends a byte every few minutes keeps
// nothing alive, and one that sends nothing for UPLOAD_STALL_MS is given up on.

/** The growth that counts as progress (a second of the thinnest Opus a browser sends is about 750 bytes). */
export const PROGRESS_BYTES = 16 * 1024

/** After bytes arrived: moves the part's progress mark when it grew by PROGRESS_BYTES since the mark. */
export async function notePartProgress({ id, offset }: { id: string; offset: number }): Promise<void> {
  if (!Number.isSafeInteger(offset)) return
  await db.$executeRaw`UPDATE "AudioPart" SET "progressAt" = now(), "progressBytes" = ${offset} WHERE "id" = ${id} AND ${offset} >= "progressBytes" + ${PROGRESS_BYTES}`
}

export type PartState = { isComplete: boolean; isStalled: boolean }

/** Whether a part is whole, or stalled (no progress for UPLOAD_STALL_MS since its last mark or its creation). A part gone will not grow: complete. */
export async function partState(id: string, now = Date.now()): Promise<PartState> {
  const part = await db.audioPart.findUnique({ where: { id }, select: { completedAt: true, progressAt: true, createdAt: true } })
  if (!part || part.completedAt) return { isComplete: true, isStalled: false }
  const since = (part.progressAt ?? part.createdAt).getTime()
  return { isComplete: false, isStalled: now - since > env().UPLOAD_STALL_MS }
}

/** A part's bytes on disk so far (0 before the first arrive). */
export const partBytes = (id: string) => stat(partFile(id)).then((s) => s.size, () => 0)

/** A task's parts together: bytes on disk, whether every one is whole, whether any is stalled. */
export async function taskUploadState(taskId: string): Promise<{ bytes: number; isComplete: boolean; isStalled: boolean }> {
  const parts = await db.audioPart.findMany({ where: { taskId }, select: { id: true } })
  const now = Date.now()
  const states = await Promise.all(parts.map(async (p) => ({ ...(await partState(p.id, now)), bytes: await partBytes(p.id) })))
  return { bytes: states.reduce((sum, s) => sum + s.bytes, 0), isComplete: states.every((s) => s.isComplete), isStalled: states.some((s) => s.isStalled) }
}
