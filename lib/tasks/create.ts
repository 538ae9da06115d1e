import 'server-only'
import { randomInt } from 'node:crypto'
import { db, type Tx } from '@/lib/db'
import { enqueueTranslation, getBoss } from '@/lib/jobs/boss'
import { LEDGER_TX_OPTIONS, reserveTaskPoints } from '@/lib/points'
import { estimateTranslationMs } from '@/lib/srt'
import { batchSizeFor, checkService } from '@/lib/translate/service'
import { env } from '@/lib/env'
import { toTaskDto, type TaskDto } from './dto'
import type { CreateTaskFields } from './schemas'
import { insertSegments } from './segment-rows'
import { analyseSubtitle, type SubtitleUpload } from './upload'

/** The spec's task id is a timestamp string; random digits keep ids created in the same ms apart. */
export function newTaskId(now = Date.now()): string {
  return `${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

export type Enqueue = (options: { taskId: string; tx: Tx }) => Promise<void>

/**
 * Creates a translation task from an upload. Rules: the file is decoded, parsed and priced first
 * (bad files are 40000 and store nothing); then ONE transaction reserves the cost (40200 when the
 * balance is short, and then nothing is stored), stores the task and its segments and queues the
 * job. The source language `auto` is replaced by the detected one.
 */
export async function createTask({
  userId,
  upload,
  fields,
  enqueue = enqueueTranslation,
}: {
  userId: string
  upload: SubtitleUpload
  fields: CreateTaskFields
  enqueue?: Enqueue
}): Promise<TaskDto> {
  const service = checkService(fields.service)
  const { cues, detectedLanguage, cost } = analyseSubtitle(upload.bytes)
  const id = newTaskId()
  // Start the queue (first call of a process) before the transaction takes the user's lock.
  if (enqueue === enqueueTranslation) await getBoss()
  const task = await db.$transaction(async (tx) => {
    await reserveTaskPoints({ userId, taskId: id, amount: cost, tx })
    const created = await tx.task.create({
      data: {
        id,
        userId,
        fileName: upload.fileName,
        originalLanguage: fields.sourceLanguage === 'auto' ? detectedLanguage : fields.sourceLanguage,
        detectedLanguage,
        targetLanguage: fields.targetLanguage,
        translationService: service,
        includeOriginalText: fields.includeOriginalText,
        cost,
        batchSize: batchSizeFor(fields.batchSize),
      },
    })
    await insertSegments(tx, id, cues)
    await enqueue({ taskId: id, tx })
    return created
  }, LEDGER_TX_OPTIONS)
  return toTaskDto(task, cues.length)
}

export type Estimate = { segments: number; detectedLanguage: string; durationMs: number; cost: number; estimatedMs: number }

/** What the upload dialog shows before creating: segment count, detected language, duration, cost, time. */
export function estimateTask(upload: SubtitleUpload): Estimate {
  const { cues, detectedLanguage, durationMs, cost } = analyseSubtitle(upload.bytes)
  const e = env()
  return {
    segments: cues.length,
    detectedLanguage,
    durationMs,
    cost,
    estimatedMs: estimateTranslationMs(cues.length, { batchSize: e.TRANSLATION_BATCH_SIZE, concurrency: e.TRANSLATION_CONCURRENCY }),
  }
}
