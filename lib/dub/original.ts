import 'server-only'
import { randomBytes } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { decodedLengthMs, ffprobePath, MediaBusyError, MediaTimeoutError, MediaToolError, runTool, withMediaSlot } from '@/lib/media'
import type { StorageDriver } from '@/lib/storage'
import { appStorage } from '@/lib/storage/app-storage'
import { parseTime } from '@/lib/subtitles/time'
import { audioExtension } from '@/lib/transcribe'
import type { DubOriginalDto } from './contract'

/** An original sound may run this much past the task's end (a video's credits after the last line). */
export const ORIGINAL_SLACK_MS = 60_000
/** The largest original sound taken: a feature film's audio track in 5.1 AAC or AC-3 fits. */
export const MAX_ORIGINAL_BYTES = 1024 * 1024 * 1024

type Probe = { streams?: { codec_type?: string; codec_name?: string; disposition?: { attached_pic?: number } }[]; format?: { format_name?: string } }

/** The task's length: its recording's, else its last line's end (a subtitle file's task). */
async function taskLengthMs(task: { id: string; audioDurationMs: number | null }): Promise<number> {
  if (task.audioDurationMs) return task.audioDurationMs
  const rows = await db.segment.findMany({ where: { taskId: task.id }, select: { endTime: true } })
  return rows.reduce((end, r) => Math.max(end, parseTime(r.endTime) ?? 0), 0)
}

/**
 * What the file holds, read by ffprobe: audio and nothing else (a cover picture aside), or null.
 * A video sent whole is refused: the editor sends only its sound, copied out of it.
 */
async function probeSound(file: string, { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number }): Promise<{ format: string; codec: string } | null> {
  let probe: Probe
  try {
    const { stdout } = await runTool(await ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal, timeoutMs })
    probe = JSON.parse(stdout.toString('utf8')) as Probe
  } catch (error) {
    if ((error instanceof MediaToolError && !(error instanceof MediaTimeoutError)) || error instanceof SyntaxError) return null
    throw error
  }
  const streams = probe.streams ?? []
  const audio = streams.find((s) => s.codec_type === 'audio')
  const pictures = streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)
  const format = probe.format?.format_name
  if (!audio?.codec_name || !format || pictures.length > 0 || ['tty', 'image2', 'lavfi'].includes(format)) return null
  return { format, codec: audio.codec_name }
}

/**
 * Keeps the sound a dub of the task is to be mixed over: the audio track of the creator's video,
 * sent as it is (M4A, Ogg, WebM, MP3…). Rules: the file must be audio only, read by ffprobe
 * (40000 `dubOriginalNotAudio` otherwise), and decode to no longer than the task plus a minute
 * (40000 `dubOriginalTooLong`: the wrong video's sound is refused); it replaces the task's earlier
 * one, whose stored file goes unless a dub was made over it. Checked in one of the user's media
 * slots, as a recording is (42900 when they are all busy).
 */
export async function saveDubOriginal({ userId, taskId, file, signal, storage = appStorage() }: { userId: string; taskId: string; file: { path: string } | null; signal?: AbortSignal; storage?: StorageDriver }): Promise<DubOriginalDto> {
  const task = await db.task.findFirst({ where: { id: taskId, userId }, select: { id: true, audioDurationMs: true } })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  if (!file) throw new AppError('bad_request', 'dubOriginalRequired')
  const lengthMs = await taskLengthMs(task)
  const limitMs = lengthMs + ORIGINAL_SLACK_MS
  const timeoutMs = env().MEDIA_CHECK_TIMEOUT_MS
  const checked = await withMediaSlot(userId, async () => {
    const sound = await probeSound(file.path, { signal, timeoutMs })
    if (!sound) throw new AppError('bad_request', 'dubOriginalNotAudio')
    // Counted by decoding, never from the container's claim; decoding stops just past the limit.
    const durationMs = await decodedLengthMs(file.path, { signal, timeoutMs, capMs: limitMs + 1000 })
    if (!durationMs) throw new AppError('bad_request', 'dubOriginalNotAudio')
    if (durationMs > limitMs) throw new AppError('bad_request', 'dubOriginalTooLong', { minutes: Math.max(1, Math.ceil(lengthMs / 60_000)) })
    return { ...sound, durationMs }
  }).catch((error: unknown) => {
    if (error instanceof MediaBusyError) throw new AppError('rate_limited', 'mediaBusy')
    if (error instanceof MediaTimeoutError) throw new AppError('bad_request', 'audioCheckTimedOut', { seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
    throw error
  })
  const { size } = await stat(file.path)
  const storageKey = `dubs/originals/${taskId}-${randomBytes(6).toString('hex')}${audioExtension(checked.format)}`
  await storage.putFile(storageKey, file.path, { timeoutMs: 20 * 60_000 })
  const before = await db.dubOriginal.findUnique({ where: { taskId } })
  const saved = await db.dubOriginal.upsert({
    where: { taskId },
    create: { taskId, storageKey, format: checked.format, codec: checked.codec, durationMs: checked.durationMs, bytes: size },
    update: { storageKey, format: checked.format, codec: checked.codec, durationMs: checked.durationMs, bytes: size, createdAt: new Date() },
  })
  if (before && (await db.dub.count({ where: { taskId, originalKey: before.storageKey } })) === 0) {
    await storage.delete(before.storageKey).catch((error: unknown) => log.warn('dub.original_delete_failed', { taskId, error }))
  }
  return toOriginalDto(saved)
}

export const toOriginalDto = (row: { format: string; codec: string; durationMs: number; bytes: number; createdAt: Date }): DubOriginalDto => ({
  source: 'upload',
  format: row.format,
  codec: row.codec,
  durationMs: row.durationMs,
  bytes: row.bytes,
  createdAt: row.createdAt.toISOString(),
})
