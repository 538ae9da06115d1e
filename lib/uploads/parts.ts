import 'server-only'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { db, type Tx } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'

// The parts of recordings on their way up (tus uploads): who sent each, where it sits on its
// recording's timeline, whether every byte arrived, and, once a transcription names them, its task.
// A user keeps at most PART_CAP parts no task has taken, the newest: older ones are dropped with
// their files (a dialog closed mid-way leaves its parts behind).

export const PART_CAP = 8
/** A part no task took within a day is dropped by maintenance (deleteStaleParts). */
export const PART_TTL_MS = 24 * 3600_000
const PART_ID = /^[A-Za-z0-9_-]{24}$/

export const newPartId = () => randomBytes(18).toString('base64url')

export const uploadDir = () => path.resolve(env().UPLOAD_DIR)
/** Where a part's bytes are written as they arrive (the tus file store's file). */
export const partFile = (id: string) => path.join(uploadDir(), id)

export type NewPart = { id: string; userId: string; index: number; startMs: number; fileName: string }

/** Records a part the moment its upload is created, then drops the user's oldest untaken parts past the cap. */
export async function recordPart(part: NewPart): Promise<void> {
  await db.audioPart.create({ data: part })
  const untaken = await db.audioPart.findMany({ where: { userId: part.userId, taskId: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })
  await deleteParts(untaken.slice(PART_CAP).map((p) => p.id))
}

/** The caller's part of that id (40400 for an unknown id or another user's): PATCH, HEAD and DELETE check it first. */
export async function ownPart({ userId, id }: { userId: string; id: string }) {
  const part = PART_ID.test(id) ? await db.audioPart.findFirst({ where: { id, userId } }) : null
  if (!part) throw new AppError('not_found', 'uploadExpired')
  return part
}

/** The file name the first part of a recording was sent with (40400 for an unknown id or another user's). */
export async function firstPartName({ userId, id }: { userId: string; id: string }): Promise<string> {
  return (await ownPart({ userId, id })).fileName
}

export async function markPartComplete(id: string): Promise<void> {
  await db.audioPart.updateMany({ where: { id, completedAt: null }, data: { completedAt: new Date() } })
}

/**
 * Gives the parts of one recording to a new task, inside its creation's transaction. Rules: every
 * id the caller's and taken by no task (40400 otherwise, as for an expired upload), listed in the
 * order of their `index` from 0, the first starting at 0 and each later one after the one before.
 */
export async function takeParts(tx: Tx, { userId, taskId, ids }: { userId: string; taskId: string; ids: string[] }) {
  const parts = await tx.audioPart.findMany({ where: { id: { in: ids }, userId, taskId: null } })
  const ordered = ids.map((id) => parts.find((p) => p.id === id))
  if (ordered.some((p) => !p) || new Set(ids).size !== ids.length) throw new AppError('not_found', 'uploadExpired')
  const valid = ordered.every((p, i) => p!.index === i && (i === 0 ? p!.startMs === 0 : p!.startMs > ordered[i - 1]!.startMs))
  if (!valid) throw new AppError('bad_request', 'audioPartsInvalid')
  const taken = await tx.audioPart.updateMany({ where: { id: { in: ids }, userId, taskId: null }, data: { taskId } })
  if (taken.count !== ids.length) throw new AppError('not_found', 'uploadExpired')
  return ordered.map((p) => ({ id: p!.id, startMs: p!.startMs }))
}

/** A task's parts in order, with whether each has arrived whole. */
export async function partsOf(taskId: string) {
  return db.audioPart.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { id: true, index: true, startMs: true, completedAt: true } })
}

export async function isPartComplete(id: string): Promise<boolean> {
  const part = await db.audioPart.findUnique({ where: { id }, select: { completedAt: true } })
  // A part gone (its task deleted) will not grow any more.
  return !part || part.completedAt !== null
}

/** The ids of a task's parts (read before the task is deleted: its rows go with it, their files must follow). */
export async function partIdsOf(taskId: string): Promise<string[]> {
  const parts = await db.audioPart.findMany({ where: { taskId }, select: { id: true } })
  return parts.map((p) => p.id)
}

/** Removes a task's parts, rows and files (a task that no longer needs them: its transcript is stored, or it is gone). */
export async function deleteTaskParts(taskId: string): Promise<void> {
  await deleteParts(await partIdsOf(taskId))
}

/** Removes parts' rows and their files (the tus store's data and its `.json` beside it). */
export async function deleteParts(ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.audioPart.deleteMany({ where: { id: { in: ids } } })
  for (const id of ids) await removePartFiles(id)
}

/** Removes the files of parts whose rows are already gone (or are going with their task). */
export async function removeFilesOfParts(ids: string[]): Promise<void> {
  for (const id of ids) await removePartFiles(id)
}

export async function removePartFiles(id: string): Promise<void> {
  await Promise.all([rm(partFile(id), { force: true }), rm(`${partFile(id)}.json`, { force: true })]).catch((error) => log.warn('uploads.part_delete_failed', { id, error }))
}

/** Drops parts no task took within a day, with their files (the maintenance pass). */
export async function deleteStaleParts(now = new Date()): Promise<number> {
  const stale = await db.audioPart.findMany({ where: { taskId: null, createdAt: { lt: new Date(now.getTime() - PART_TTL_MS) } }, select: { id: true } })
  await deleteParts(stale.map((p) => p.id))
  return stale.length
}
