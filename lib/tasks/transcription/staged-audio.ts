import 'server-only'
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import type { StorageDriver } from '@/lib/storage'
import { appStorage } from '../storage'

// An audio estimate keeps its recording a day under an `uploadId`, so the transcribe call needs no
// second upload. As subtitle estimates (lib/tasks/staged-upload.ts), a user keeps only the newest:
// 50 at most, and 1 GiB together (five recordings of the largest size); the older ones are dropped
// with their stored files.

export const STAGED_AUDIO_TTL_MS = 24 * 3600_000
export const STAGED_AUDIO_CAP = { count: 50, bytes: 1024 * 1024 * 1024 } as const
const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/

export type StagedRecording = { fileName: string; storageKey: string; format: string; durationMs: number; bytes: number }

export const newStagedAudioId = () => randomBytes(18).toString('base64url')

/** Records a recording already stored under `storageKey`, then drops the user's oldest past the cap. */
export async function stageAudio({ id, userId, recording, storage }: { id: string; userId: string; recording: StagedRecording; storage?: StorageDriver }): Promise<void> {
  await db.stagedAudio.create({ data: { id, userId, ...recording } })
  const kept = await db.stagedAudio.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true, storageKey: true, bytes: true } })
  let bytes = 0
  // The newest always stays (the cap allows any one recording); an older one goes once either bound is passed.
  const dropped = kept.filter((row, index) => {
    bytes += row.bytes
    return row.id !== id && (index >= STAGED_AUDIO_CAP.count || bytes > STAGED_AUDIO_CAP.bytes)
  })
  await deleteStaged(dropped, storage)
}

/** The user's staged recording of that id; an id malformed, unknown, another user's or older than a day is 40400. */
export async function findStagedAudio({ userId, uploadId }: { userId: string; uploadId: string }) {
  const staged = UPLOAD_ID.test(uploadId) ? await db.stagedAudio.findFirst({ where: { id: uploadId, userId, createdAt: { gt: new Date(Date.now() - STAGED_AUDIO_TTL_MS) } } }) : null
  if (!staged) throw new AppError('not_found', 'uploadExpired')
  return staged
}

/** Deletes staged recordings older than a day, with their stored files (the maintenance pass). */
export async function deleteStaleAudio({ now = new Date(), storage }: { now?: Date; storage?: StorageDriver } = {}): Promise<number> {
  const stale = await db.stagedAudio.findMany({ where: { createdAt: { lt: new Date(now.getTime() - STAGED_AUDIO_TTL_MS) } }, select: { id: true, storageKey: true } })
  await deleteStaged(stale, storage)
  return stale.length
}

async function deleteStaged(rows: { id: string; storageKey: string }[], storage?: StorageDriver): Promise<void> {
  for (const row of rows) {
    // The row first, and the file only when this call removed it: a transcribe call that took the
    // recording meanwhile made the file its task's.
    const { count } = await db.stagedAudio.deleteMany({ where: { id: row.id } })
    if (count === 1) await (storage ?? appStorage()).delete(row.storageKey).catch((error) => log.warn('transcribe.staged_audio_delete_failed', { error }))
  }
}
