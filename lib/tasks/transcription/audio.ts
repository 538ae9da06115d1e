import 'server-only'
import { AppError } from '@/lib/errors'
import type { ByteRange, StorageDriver } from '@/lib/storage'
import { audioContentType } from '@/lib/transcribe'
import { findOwnTask } from '../queries'
import { appStorage } from '../storage'

/**
 * The recording of the caller's transcription task, for the editor's player: its length and a
 * stream of it (or of one byte range) from storage, never the whole file in memory; 40400 when it
 * has none.
 */
export async function taskAudio({ userId, taskId, storage = appStorage() }: { userId: string; taskId: string; storage?: StorageDriver }): Promise<{ size: number; contentType: string; open(range?: ByteRange): Promise<ReadableStream<Uint8Array>> }> {
  const task = await findOwnTask({ userId, taskId })
  const key = task.audioKey
  if (!key) throw new AppError('not_found', 'taskNotFound')
  const size = await storage.size(key)
  if (size === null) throw new AppError('not_found', 'taskNotFound')
  return {
    size,
    contentType: audioContentType(key),
    open: async (span) => {
      const stream = await storage.stream(key, span)
      // Deleted between the two calls (the task was deleted meanwhile).
      if (!stream) throw new AppError('not_found', 'taskNotFound')
      return stream
    },
  }
}
