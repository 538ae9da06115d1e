import 'server-only'
import { randomInt } from 'node:crypto'
import { db, type Tx } from '@/lib/db'
import { LEDGER_TX_OPTIONS, reserveTaskPoints } from '@/lib/points'
import { estimateTranslationMs } from '@/lib/pricing'
import { batchSizeFor, checkService } from '@/lib/translate/service'
import { env } from '@/lib/env'
import { hasMemory, memoryCoverage } from '@/lib/memory'
import { glossaryTermsOfUser } from '@/lib/glossary'
import type { Estimate } from './contract'
import { toTaskDto, type TaskDto } from './dto'
import type { CreateTaskFields } from './schemas'
import { insertSegments, saveSpeakers } from './segment-rows'
import { speakersFromFile } from './speakers'
import { analyseUpload, summariseUploadOffThread } from './analyse-pool'
import type { AnalysedSubtitle, SubtitleUpload } from './upload'
import type { Enqueue } from './enqueue'
import { stageUpload } from './staged-upload'
import { reviewCostFor } from '@/lib/pricing'
import { AppError } from '@/lib/errors'

/** A task id is a timestamp string; random digits keep ids created in the same ms apart. */
export function newTaskId(now = Date.now()): string {
  return `${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

/**
 * What a task costs: its file's translation price, plus the review pass's when asked for
 * (docs/billing.md). Rule: the review pass is DeepSeek's only; asked for with another service it is
 * a 40000 and nothing is created.
 */
export function priceTask({ service, review, cost }: { service: string; review: boolean; cost: number }): { cost: number; review: boolean; reviewCost: number } {
  if (review && service !== 'deepseek') throw new AppError('bad_request', 'reviewNeedsDeepseek')
  const reviewCost = review ? reviewCostFor(cost) : 0
  return { cost: cost + reviewCost, review, reviewCost }
}

/**
 * Creates a translation task from an upload. Rules: the file is decoded, parsed and priced first
 * (bad files are 40000 and store nothing); then ONE transaction reserves the cost (40200 when the
 * balance is short, and then nothing is stored), stores the task and its segments and queues the
 * job. The source language `auto` is replaced by the detected one. With `review` the review pass's
 * price is reserved with the translation's, as one amount (`priceTask`).
 */
export async function createTask({
  userId,
  upload,
  fields,
  enqueue,
}: {
  userId: string
  upload: SubtitleUpload
  fields: CreateTaskFields
  enqueue: Enqueue
}): Promise<TaskDto> {
  const service = checkService(fields.service)
  const analysis = await analyseUpload(upload.bytes, upload.format)
  // Start the queue (first call of a process) before the transaction takes the user's lock.
  await enqueue.prepare?.()
  return db.$transaction((tx) => storeSubtitleTask(tx, { userId, upload, analysis, fields: { ...fields, service }, enqueue }), LEDGER_TX_OPTIONS)
}

/**
 * Inside the caller's transaction: reserves a subtitle task's cost (priceTask), stores the task
 * and its segments and queues its job; the source language `auto` becomes the detected one.
 */
export async function storeSubtitleTask(
  tx: Tx,
  { userId, upload, analysis, fields, enqueue }: { userId: string; upload: SubtitleUpload; analysis: AnalysedSubtitle; fields: Omit<CreateTaskFields, 'targetLanguage'> & { targetLanguage: string }; enqueue: Enqueue },
): Promise<TaskDto> {
  const id = newTaskId()
  const { cost, review, reviewCost } = priceTask({ service: fields.service, review: fields.review ?? false, cost: analysis.cost })
  // A WebVTT or ASS file's own speakers, named as the file names them.
  const speakers = speakersFromFile(analysis.cues)
  await reserveTaskPoints({ userId, taskId: id, amount: cost, tx })
  const task = await tx.task.create({
    data: {
      id,
      userId,
      fileName: upload.fileName,
      originalLanguage: fields.sourceLanguage === 'auto' ? analysis.detectedLanguage : fields.sourceLanguage,
      detectedLanguage: analysis.detectedLanguage,
      targetLanguage: fields.targetLanguage,
      translationService: fields.service,
      includeOriginalText: fields.includeOriginalText,
      useMemory: fields.useMemory ?? true,
      cost,
      review,
      reviewCost,
      batchSize: batchSizeFor(fields.batchSize),
      format: upload.format ?? 'srt',
      source: analysis.source,
      speakerNames: speakers.names,
    },
    omit: { source: true },
  })
  await insertSegments(tx, id, analysis.cues)
  if (speakers.cues.length > 0) await saveSpeakers(tx, id, speakers.cues)
  await enqueue({ taskId: id, tx })
  return toTaskDto(task, analysis.cues.length)
}

/**
 * What the upload dialog shows before creating: segments, language, duration, reading time, cost
 * and what set it, what the review pass would add, time, the user's glossary entries that apply with recurring terms worth adding,
 * and how many lines the user's translation memory already covers per target language.
 */
export async function estimateTask(upload: SubtitleUpload, { userId }: { userId: string }): Promise<Estimate> {
  const entries = await glossaryTermsOfUser({ userId })
  const { segments, detectedLanguage, durationMs, readingMs, pricedBy, cost, glossary } = await summariseUploadOffThread(upload.bytes, entries, upload.format)
  const memory = await memoryCoverageOf(upload, userId, detectedLanguage)
  const e = env()
  return {
    memory,
    // Only a file that passed its analysis is kept for the create call.
    uploadId: await stageUpload({ userId, upload }),
    glossary,
    segments,
    detectedLanguage,
    durationMs,
    readingMs,
    pricedBy,
    cost,
    reviewCost: reviewCostFor(cost),
    // Without an override a DeepSeek batch carries about 40 cues (lib/translate/tokens.ts).
    estimatedMs: estimateTranslationMs(segments, { batchSize: e.TRANSLATION_BATCH_SIZE ?? 40, concurrency: e.TRANSLATION_CONCURRENCY }),
  }
}

/** Lines of an upload the user's memory covers per target language; the file is read again only for a user with a memory. */
async function memoryCoverageOf(upload: SubtitleUpload, userId: string, sourceLanguage: string): Promise<Record<string, number>> {
  if (!(await hasMemory({ userId, sourceLanguage }))) return {}
  const { cues } = await analyseUpload(upload.bytes, upload.format)
  return memoryCoverage({ userId, sourceLanguage, texts: cues.map((c) => c.text) })
}
