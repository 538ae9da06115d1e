import 'server-only'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import type { AudioInfo } from '@/lib/media'
import { LEDGER_TX_OPTIONS, reserveTaskPoints } from '@/lib/points'
import type { StorageDriver } from '@/lib/storage'
import { newTaskId } from '@/lib/tasks/create'
import { toTaskDto, type TaskDto } from '@/lib/tasks/dto'
import type { Enqueue } from '@/lib/tasks/enqueue'
import { appStorage } from '@/lib/tasks/storage'
import { cleanFileName } from '@/lib/tasks/upload'
import { checkService } from '@/lib/translate/service'
import { audioExtension, checkAudioFile } from './audio-upload'
import { transcriptionCost } from './cost'
import { CHUNK_TARGET_MS } from './plan'
import { TRANSCRIBING } from './run'
import type { AudioEstimate, TranscribeFields } from './schemas'

/** A recording as the route streamed it to a temp file. */
export type AudioUpload = { path: string; fileName: string }

export const STAGED_AUDIO_TTL_MS = 24 * 3600_000
const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/
/** A chunk takes a provider roughly this long (Whisper runs far faster than real time). */
const CHUNK_ESTIMATE_MS = 30_000

function cleanAudioName(name: string): string {
  const cleaned = cleanFileName(name || 'recording')
  // cleanFileName keeps a subtitle's `.srt`; a recording's task exports subtitles named after it.
  return cleaned === 'subtitles.srt' ? 'recording' : cleaned
}

/**
 * What the upload dialog shows for a recording: its real duration and format (ffprobe), the cost
 * with and without translation, chunks and a rough time. Rule: the recording is kept in storage a
 * day under the answered `uploadId`, so the transcribe call needs no second upload.
 */
export async function estimateAudio({ userId, upload, targetLanguage, storage }: { userId: string; upload: AudioUpload; targetLanguage?: string; storage?: StorageDriver }): Promise<AudioEstimate> {
  assertTranscriptionAvailable()
  const info = await checkAudioFile(upload.path)
  const id = randomBytes(18).toString('base64url')
  const storageKey = `staged-audio/${id}${audioExtension(info.format)}`
  await (storage ?? appStorage()).put(storageKey, await readFile(upload.path), { timeoutMs: 300_000 })
  await db.stagedAudio.create({ data: { id, userId, fileName: cleanAudioName(upload.fileName), storageKey, format: info.format, durationMs: info.durationMs } })
  const chunks = Math.max(1, Math.ceil(info.durationMs / CHUNK_TARGET_MS))
  const transcribe = transcriptionCost(info.durationMs, { translated: false })
  const transcribeAndTranslate = transcriptionCost(info.durationMs, { translated: true })
  return {
    uploadId: id,
    kind: 'transcription',
    durationMs: info.durationMs,
    format: info.format,
    codec: info.codec,
    cost: targetLanguage ? transcribeAndTranslate : transcribe,
    costs: { transcribe, transcribeAndTranslate },
    chunks,
    estimatedMs: Math.ceil(chunks / env().STT_CONCURRENCY) * CHUNK_ESTIMATE_MS,
  }
}

/** Without a speech-to-text key nothing could be transcribed: 50300 before anything is uploaded or reserved. */
function assertTranscriptionAvailable(): void {
  if (!env().STT_API_KEY) throw new AppError('unavailable', 'transcriptionUnavailable')
}

type Source = { fileName: string; storageKey: string; durationMs: number; stagedId: string | null; isNew: boolean }

async function sourceFor({ userId, taskId, upload, uploadId, storage }: { userId: string; taskId: string; upload: AudioUpload | null; uploadId?: string; storage: StorageDriver }): Promise<Source> {
  if (uploadId) {
    const staged = UPLOAD_ID.test(uploadId) ? await db.stagedAudio.findFirst({ where: { id: uploadId, userId, createdAt: { gt: new Date(Date.now() - STAGED_AUDIO_TTL_MS) } } }) : null
    if (!staged) throw new AppError('not_found', 'uploadExpired')
    return { fileName: staged.fileName, storageKey: staged.storageKey, durationMs: staged.durationMs, stagedId: staged.id, isNew: false }
  }
  if (!upload) throw new AppError('bad_request', 'audioRequired')
  const info: AudioInfo = await checkAudioFile(upload.path)
  const storageKey = `audio/${taskId}${audioExtension(info.format)}`
  await storage.put(storageKey, await readFile(upload.path), { timeoutMs: 300_000 })
  return { fileName: cleanAudioName(upload.fileName), storageKey, durationMs: info.durationMs, stagedId: null, isNew: true }
}

/**
 * Creates a transcription task from a recording (streamed to a temp file) or an audio estimate's
 * `uploadId`. Rules: the server reads the duration itself and prices from it (cost.ts); ONE
 * transaction reserves the cost (40200 when short, and then nothing is kept), stores the task
 * (kind `transcription`, stage `transcribing`, no segments yet) and queues its job. A staged
 * recording becomes the task's: its staging row goes, its stored file stays as the task's audio.
 */
export async function createTranscriptionTask({ userId, upload, fields, enqueue, storage }: { userId: string; upload: AudioUpload | null; fields: TranscribeFields; enqueue: Enqueue; storage?: StorageDriver }): Promise<TaskDto> {
  assertTranscriptionAvailable()
  const target = fields.targetLanguage
  if (target && fields.sourceLanguage !== 'auto' && target === fields.sourceLanguage) throw new AppError('bad_request', 'targetLanguageInvalid')
  const service = target ? checkService(fields.service || 'deepseek') : 'deepseek'
  const store = storage ?? appStorage()
  const id = newTaskId()
  const source = await sourceFor({ userId, taskId: id, upload, uploadId: fields.uploadId, storage: store })
  const cost = transcriptionCost(source.durationMs, { translated: Boolean(target) })
  await enqueue.prepare?.()
  try {
    const task = await db.$transaction(async (tx) => {
      await reserveTaskPoints({ userId, taskId: id, amount: cost, tx })
      if (source.stagedId) await tx.stagedAudio.delete({ where: { id: source.stagedId } })
      const created = await tx.task.create({
        data: {
          id,
          userId,
          kind: 'transcription',
          stage: TRANSCRIBING,
          fileName: source.fileName,
          originalLanguage: fields.sourceLanguage,
          detectedLanguage: fields.sourceLanguage,
          // A transcript alone is "translated" into the spoken language (set once it is heard).
          targetLanguage: target ?? fields.sourceLanguage,
          withTranslation: Boolean(target),
          translationService: service,
          includeOriginalText: fields.includeOriginalText,
          cost,
          audioKey: source.storageKey,
          audioDurationMs: source.durationMs,
          format: 'srt',
        },
      })
      await enqueue({ taskId: id, tx })
      return created
    }, LEDGER_TX_OPTIONS)
    return toTaskDto(task, 0)
  } catch (error) {
    if (source.isNew) await store.delete(source.storageKey).catch((e) => log.warn('transcribe.orphan_audio_delete_failed', { taskId: id, error: e }))
    throw error
  }
}

/** Deletes staged recordings older than a day, with their stored files (the maintenance pass). */
export async function deleteStaleAudio({ now = new Date(), storage }: { now?: Date; storage?: StorageDriver } = {}): Promise<number> {
  const stale = await db.stagedAudio.findMany({ where: { createdAt: { lt: new Date(now.getTime() - STAGED_AUDIO_TTL_MS) } }, select: { id: true, storageKey: true } })
  for (const row of stale) {
    await (storage ?? appStorage()).delete(row.storageKey).catch((error) => log.warn('transcribe.stale_audio_delete_failed', { error }))
    await db.stagedAudio.delete({ where: { id: row.id } }).catch(() => {})
  }
  return stale.length
}
