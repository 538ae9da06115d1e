import 'server-only'
import { stat } from 'node:fs/promises'
import { db } from '@/lib/db'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import type { AudioInfo } from '@/lib/media'
import { LEDGER_TX_OPTIONS, reserveTaskPoints } from '@/lib/points'
import type { StorageDriver } from '@/lib/storage'
import { audioExtension, billedMinutes, checkAudioFile, liveChunkCount, transcriptionCost } from '@/lib/transcribe'
import { firstPartName, takeParts } from '@/lib/uploads'
import { checkService } from '@/lib/translate/service'
import { glossaryTermsOfUser } from '@/lib/glossary'
import { newTaskId, priceTask } from '../create'
import { toTaskDto, type TaskDto } from '../dto'
import type { Enqueue } from '../enqueue'
import { appStorage } from '../storage'
import { cleanFileName } from '../upload'
import { TRANSCRIBING } from '../pipeline/stage'
import type { AudioEstimate, TranscribeFields } from './schemas'
import { findStagedAudio, newStagedAudioId, stageAudio } from './staged-audio'

/** A recording as the route streamed it to a temp file. */
export type AudioUpload = { path: string; fileName: string; bytes?: number }

/** A chunk takes a provider roughly this long (Whisper runs far faster than real time). */
const CHUNK_ESTIMATE_MS = 30_000

function cleanAudioName(name: string): string {
  const cleaned = cleanFileName(name || 'recording')
  // cleanFileName keeps a subtitle's `.srt`; a recording's task exports subtitles named after it.
  return cleaned === 'subtitles.srt' ? 'recording' : cleaned
}

/**
 * What the upload dialog shows for a recording: its real duration (decoded) and format, the cost
 * with and without translation, chunks and a rough time. Rule: the recording is kept in storage a
 * day under the answered `uploadId`, so the transcribe call needs no second upload (staged-audio.ts
 * caps how many a user keeps).
 */
export async function estimateAudio({ userId, upload, targetLanguage, storage, signal }: { userId: string; upload: AudioUpload | null; targetLanguage?: string; storage?: StorageDriver; signal?: AbortSignal }): Promise<AudioEstimate> {
  assertTranscriptionAvailable()
  if (!upload) throw new AppError('bad_request', 'audioRequired')
  const info = await checkAudioFile(upload.path, { userId, signal })
  const id = newStagedAudioId()
  const storageKey = `staged-audio/${id}${audioExtension(info.format)}`
  const { size } = await stat(upload.path)
  await (storage ?? appStorage()).putFile(storageKey, upload.path, { timeoutMs: 300_000 })
  await stageAudio({ id, userId, storage, recording: { fileName: cleanAudioName(upload.fileName), storageKey, format: info.format, durationMs: info.durationMs, bytes: size } })
  const chunks = liveChunkCount(info.durationMs)
  const transcribe = transcriptionCost(info.durationMs, { translated: false })
  const transcribeAndTranslate = transcriptionCost(info.durationMs, { translated: true })
  return {
    reviewCost: reviewCostOf(info.durationMs),
    glossary: await glossaryCounts(userId),
    uploadId: id,
    kind: 'transcription',
    durationMs: info.durationMs,
    minutes: billedMinutes(info.durationMs),
    format: info.format,
    codec: info.codec,
    cost: targetLanguage ? transcribeAndTranslate : transcribe,
    costs: { transcribe, transcribeAndTranslate },
    chunks,
    estimatedMs: Math.ceil(chunks / env().STT_CONCURRENCY) * CHUNK_ESTIMATE_MS,
  }
}

/** The review pass's price for a translated recording: the translation's minutes at its rate (docs/billing.md). */
function reviewCostOf(durationMs: number): number {
  return priceTask({ service: 'deepseek', review: true, cost: transcriptionCost(durationMs, { translated: true }) - transcriptionCost(durationMs, { translated: false }) }).reviewCost
}

/** How many glossary entries the user keeps per target language. */
async function glossaryCounts(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const entry of await glossaryTermsOfUser({ userId })) counts[entry.targetLanguage] = (counts[entry.targetLanguage] ?? 0) + 1
  return counts
}

/** Without a speech-to-text key nothing could be transcribed: 50300 before anything is uploaded or reserved. */
function assertTranscriptionAvailable(): void {
  if (!env().STT_API_KEY) throw new AppError('unavailable', 'transcriptionUnavailable')
}

type Source = { fileName: string; storageKey: string | null; durationMs: number; stagedId: string | null; isNew: boolean; parts?: string[] }

async function sourceFor({ userId, taskId, upload, fields, storage, signal }: { userId: string; taskId: string; upload: AudioUpload | null; fields: TranscribeFields; storage: StorageDriver; signal?: AbortSignal }): Promise<Source> {
  // Parts still uploading: priced from the length the browser read until the server has decoded them.
  if (fields.parts) {
    if (!fields.durationMs) throw new AppError('bad_request', 'audioPartsInvalid')
    const first = await firstPartName({ userId, id: fields.parts[0] })
    return { fileName: cleanAudioName(first), storageKey: null, durationMs: fields.durationMs, stagedId: null, isNew: false, parts: fields.parts }
  }
  const uploadId = fields.uploadId
  if (uploadId) {
    const staged = await findStagedAudio({ userId, uploadId })
    return { fileName: staged.fileName, storageKey: staged.storageKey, durationMs: staged.durationMs, stagedId: staged.id, isNew: false }
  }
  if (!upload) throw new AppError('bad_request', 'audioRequired')
  const info: AudioInfo = await checkAudioFile(upload.path, { userId, signal })
  const storageKey = `audio/${taskId}${audioExtension(info.format)}`
  await storage.putFile(storageKey, upload.path, { timeoutMs: 300_000 })
  return { fileName: cleanAudioName(upload.fileName), storageKey, durationMs: info.durationMs, stagedId: null, isNew: true }
}

/**
 * Creates a transcription task from a recording (streamed to a temp file), an audio estimate's
 * `uploadId`, or the parts the browser is still uploading (`parts`, transcribed as they arrive and
 * priced from the declared `durationMs` until the server has decoded them: price.ts). Rules: a
 * recording sent whole is decoded to measure it and priced from that (cost.ts); ONE
 * transaction reserves the cost (40200 when short, and then nothing is kept), stores the task
 * (kind `transcription`, stage `transcribing`, no segments yet) and queues its job. A staged
 * recording becomes the task's: its staging row goes, its stored file stays as the task's audio.
 * With a target language the translation takes a subtitle file's options: the service, the
 * translation memory (`useMemory`, on by default), the review pass (DeepSeek only, 40000
 * `reviewNeedsDeepseek` otherwise; its price added as for a file) and the user's glossary.
 */
export async function createTranscriptionTask({ userId, upload, fields, enqueue, storage, signal }: { userId: string; upload: AudioUpload | null; fields: TranscribeFields; enqueue: Enqueue; storage?: StorageDriver; signal?: AbortSignal }): Promise<TaskDto> {
  assertTranscriptionAvailable()
  const target = fields.targetLanguage
  if (target && fields.sourceLanguage !== 'auto' && target === fields.sourceLanguage) throw new AppError('bad_request', 'targetLanguageInvalid')
  const service = target ? checkService(fields.service || 'deepseek') : 'deepseek'
  const wantsReview = Boolean(target && fields.review)
  if (wantsReview && service !== 'deepseek') throw new AppError('bad_request', 'reviewNeedsDeepseek')
  const store = storage ?? appStorage()
  const id = newTaskId()
  const source = await sourceFor({ userId, taskId: id, upload, fields, storage: store, signal })
  const reviewCost = wantsReview ? reviewCostOf(source.durationMs) : 0
  const cost = transcriptionCost(source.durationMs, { translated: Boolean(target) }) + reviewCost
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
          useMemory: fields.useMemory ?? true,
          review: wantsReview,
          reviewCost,
          cost,
          audioKey: source.storageKey,
          audioDurationMs: source.durationMs,
          format: 'srt',
        },
      })
      if (source.parts) await takeParts(tx, { userId, taskId: id, ids: source.parts })
      await enqueue({ taskId: id, tx })
      return created
    }, LEDGER_TX_OPTIONS)
    return toTaskDto(task, 0)
  } catch (error) {
    if (source.isNew && source.storageKey) await store.delete(source.storageKey).catch((e) => log.warn('transcribe.orphan_audio_delete_failed', { taskId: id, error: e }))
    throw error
  }
}
