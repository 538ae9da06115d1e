import 'server-only'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { joinFormatOf, joinParts, readAudioHeader } from '@/lib/media'
import type { StorageDriver } from '@/lib/storage'
import type { LivePart } from '@/lib/transcribe'
import { deleteTaskParts, followPart, partFile, partsOf, removePartFiles } from '@/lib/uploads'
import { TRANSCRIBING } from './stage'

/**
 * Where a transcription's sound comes from: the parts the browser is still uploading (each read as
 * it grows, until it is whole or stalls: lib/uploads followPart, which calls `park` when nothing
 * new came for a while), or the recording kept in storage (sent
 * whole: the API, a browser that cannot extract, a staged estimate). Null when neither exists.
 */
export async function recordingSource(task: { id: string; audioKey: string | null }, { storage, dir, park = () => {} }: { storage: StorageDriver; dir: string; park?: () => void }): Promise<{ parts: LivePart[]; uploads: string[] } | null> {
  const uploads = await partsOf(task.id)
  if (uploads.length > 0) {
    return {
      uploads: uploads.map((u) => u.id),
      parts: uploads.map((u, i) => ({
        startMs: u.startMs,
        endMs: uploads[i + 1]?.startMs ?? null,
        input: { stream: (stop: AbortSignal) => followPart(u.id, { signal: stop, park }) },
      })),
    }
  }
  if (!task.audioKey) return null
  const bytes = await storage.get(task.audioKey)
  if (!bytes) return null
  const file = path.join(dir, 'audio')
  await writeFile(file, bytes)
  return { uploads: [], parts: [{ startMs: 0, endMs: null, input: { file } }] }
}

/**
 * Keeps an uploaded recording as the task's audio for the editor's player: its parts joined into
 * one file of their own container without decoding (lib/media joinParts), stored under
 * `audio/{taskId}.{ext}`. Parts of different kinds, or of a container we do not join, are not
 * kept (answers false): the player has no sound, the transcription is unaffected.
 */
export async function storeUploadedRecording(taskId: string, uploads: string[], { storage, dir, signal }: { storage: StorageDriver; dir: string; signal?: AbortSignal }): Promise<boolean> {
  const files = uploads.map(partFile)
  const headers = await Promise.all(files.map((file) => readAudioHeader(file, { signal })))
  const first = headers[0]
  const format = first ? joinFormatOf(first) : null
  if (!first || !format || headers.some((h) => h?.format !== first.format || h.codec !== first.codec)) {
    log.warn('transcribe.recording_not_joined', { taskId, parts: headers.map((h) => (h ? `${h.format}/${h.codec}` : null)) })
    return false
  }
  const joined = path.join(dir, `joined${format.extension}`)
  await joinParts(files, { out: joined, format, signal })
  const key = `audio/${taskId}${format.extension}`
  await storage.putFile(key, joined, { timeoutMs: 300_000 })
  const { count } = await db.task.updateMany({ where: { id: taskId }, data: { audioKey: key } })
  // Deleted meanwhile: its recording goes too, as the deletion took its other files.
  if (count === 0) await storage.delete(key)
  return count > 0
}

/**
 * Drops a failed task's parts when it no longer needs them: its transcript is stored (a retry only
 * translates). A task that failed while transcribing keeps them for its retry, a day at most
 * (maintenance).
 */
export async function dropPartsOfFailedTask(taskId: string): Promise<void> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { kind: true, stage: true } })
  if (task?.kind === 'transcription' && task.stage === TRANSCRIBING) return
  await deleteTaskParts(taskId)
}

/** The uploaded parts' files, once the task no longer needs them (its cues are stored). */
export async function dropUploadedParts(uploads: string[]): Promise<void> {
  for (const id of uploads) await removePartFiles(id)
}
