import 'server-only'
import type { z } from 'zod'
import { AppError } from '@/lib/errors'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { MediaBusyError, MediaToolError, withMediaSlot } from '@/lib/media'
import type { StorageDriver } from '@/lib/storage'
import { base64ToBytes, bytesToBase64, decodePeaks, encodePeaks, PEAK_LEVELS_MS, PeaksFormatError, type Peaks } from '@/lib/waveform'
import { findOwnTask } from '../queries'
import { appStorage } from '../storage'
import { MAX_TIMELINE_MS, type peaksAnswerSchema, type storedPeaksSchema } from './schemas'
import { peaksOfRecording } from './recording-peaks'

type PeaksAnswer = z.infer<typeof peaksAnswerSchema>

const answer = (data: Uint8Array, peaks: Peaks, source: string): PeaksAnswer => ({
  peaks: { format: 'sspk-1', data: bytesToBase64(data), durationMs: peaks.durationMs, levelsMs: [...PEAK_LEVELS_MS], source: source === 'server' ? 'server' : 'browser' },
})

/** Peaks made from a transcription's recording, stored with the task; null when it has none (or it cannot be read). */
async function peaksFromRecording(task: { id: string; userId: string; audioKey: string | null }, storage: StorageDriver): Promise<PeaksAnswer['peaks']> {
  if (!task.audioKey) return null
  const bytes = await storage.get(task.audioKey)
  if (!bytes) return null
  try {
    const peaks = await withMediaSlot(task.userId, () => peaksOfRecording(bytes))
    const data = encodePeaks(peaks)
    // A browser's peaks that arrived meanwhile are as good: keep the first stored.
    await db.taskPeaks.upsert({ where: { taskId: task.id }, create: { taskId: task.id, data: Buffer.from(data), source: 'server' }, update: {} })
    return answer(data, peaks, 'server').peaks
  } catch (error) {
    if (error instanceof MediaBusyError) throw new AppError('rate_limited', 'mediaBusy')
    if (!(error instanceof MediaToolError)) throw error
    log.warn('peaks: recording not decodable', { taskId: task.id, error: error.message })
    return null
  }
}

/**
 * The caller's task's waveform peaks: those stored with it (sent by the browser, or made before),
 * else made once from a transcription's recording; null for a task without either (its timeline
 * draws no waveform). 40400 for a task not the caller's.
 */
export async function taskPeaks({ userId, taskId, storage = appStorage() }: { userId: string; taskId: string; storage?: StorageDriver }): Promise<PeaksAnswer> {
  const task = await findOwnTask({ userId, taskId })
  const stored = await db.taskPeaks.findUnique({ where: { taskId } })
  if (stored) {
    try {
      return answer(stored.data, decodePeaks(stored.data), stored.source)
    } catch (error) {
      // Stored by an older encoding (or damaged): forgotten, and made again where the recording allows.
      if (!(error instanceof PeaksFormatError)) throw error
      await db.taskPeaks.deleteMany({ where: { taskId } })
    }
  }
  return { peaks: await peaksFromRecording(task, storage) }
}

/**
 * Stores peaks the browser made while it decoded the task's sound (lib/waveform's encoding,
 * base64), in place of any stored before. Rules: the bytes must decode as peaks (40000
 * `peaksInvalid`) of at most 6 hours; 40400 for a task not the caller's.
 */
export async function savePeaks({ userId, taskId, data }: { userId: string; taskId: string; data: string }): Promise<z.infer<typeof storedPeaksSchema>> {
  await findOwnTask({ userId, taskId })
  let bytes: Uint8Array
  let peaks: Peaks
  try {
    bytes = base64ToBytes(data)
    peaks = decodePeaks(bytes)
  } catch (error) {
    if (error instanceof PeaksFormatError || error instanceof DOMException) throw new AppError('bad_request', 'peaksInvalid')
    throw error
  }
  if (peaks.durationMs > MAX_TIMELINE_MS) throw new AppError('bad_request', 'peaksInvalid')
  await db.taskPeaks.upsert({ where: { taskId }, create: { taskId, data: Buffer.from(bytes), source: 'browser' }, update: { data: Buffer.from(bytes), source: 'browser', createdAt: new Date() } })
  return { durationMs: peaks.durationMs, bytes: bytes.length }
}
