import 'server-only'
import { AppError } from '@/lib/errors'
import type { StorageDriver } from '@/lib/storage'
import { findOwnTask } from '@/lib/tasks/queries'
import { appStorage } from '@/lib/tasks/storage'
import { audioContentType } from './audio-upload'

/** The recording of the caller's transcription task, for the editor's player; 40400 when it has none. */
export async function taskAudio({ userId, taskId, storage }: { userId: string; taskId: string; storage?: StorageDriver }): Promise<{ bytes: Buffer; contentType: string }> {
  const task = await findOwnTask({ userId, taskId })
  if (!task.audioKey) throw new AppError('not_found', 'taskNotFound')
  const bytes = await (storage ?? appStorage()).get(task.audioKey)
  if (!bytes) throw new AppError('not_found', 'taskNotFound')
  return { bytes, contentType: audioContentType(task.audioKey) }
}
