import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import { log } from '@/lib/log'
import { ProviderError, translateCues, type RetryPolicy, type TranslateProvider } from '@/lib/translate'
import { providerFor } from '@/lib/translate/service'
import { toSegmentDto, type SegmentDto } from './dto'
import { findOwnTask } from './queries'

/** Cues before a segment sent along as context when it is retranslated alone. */
const CONTEXT_SIZE = 2

async function findSegment(taskId: string, segmentId: number) {
  const segment = await db.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId } } })
  if (!segment) throw new AppError('not_found', 'segmentNotFound')
  return segment
}

/**
 * Edits the original and/or translated text of one segment of the user's task. Rule: not while the
 * task is translating (40900): its worker would overwrite the edit with the text it translated.
 */
export async function editSegment({
  userId,
  taskId,
  segmentId,
  originalText,
  translatedText,
}: {
  userId: string
  taskId: string
  segmentId: number
  originalText?: string
  translatedText?: string
}): Promise<SegmentDto> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  await findSegment(taskId, segmentId)
  const updated = await db.segment.update({
    where: { taskId_index: { taskId, index: segmentId } },
    data: { ...(originalText === undefined ? {} : { originalText }), ...(translatedText === undefined ? {} : { translatedText }) },
  })
  return toSegmentDto(updated)
}

/**
 * Translates one segment again with the task's service, its two previous cues as context, and
 * stores the result. Rules: not while the task is translating (40900); a provider failure is a
 * 50200 "retranslate error"; free of charge (the file was paid for as a whole).
 */
export async function retranslateSegment({
  userId,
  taskId,
  segmentId,
  provider,
  retry,
}: {
  userId: string
  taskId: string
  segmentId: number
  provider?: TranslateProvider
  retry?: Partial<RetryPolicy>
}): Promise<SegmentDto> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const segment = await findSegment(taskId, segmentId)
  const before = await db.segment.findMany({
    where: { taskId, index: { lt: segmentId } },
    orderBy: { index: 'desc' },
    take: CONTEXT_SIZE,
    select: { index: true, originalText: true },
  })
  // Context cues are marked done so the engine sends them as context only.
  const cues = [
    ...before.reverse().map((c) => ({ id: c.index, text: c.originalText, translatedText: c.originalText || ' ' })),
    { id: segment.index, text: segment.originalText },
  ]
  let text: string
  try {
    const result = await translateCues({
      provider: provider ?? providerFor(task.translationService),
      cues,
      sourceLanguage: task.originalLanguage,
      targetLanguage: task.targetLanguage,
      batchSize: 1,
      concurrency: 1,
      contextSize: CONTEXT_SIZE,
      retry,
    })
    text = result.get(segment.index) ?? ''
  } catch (error) {
    if (error instanceof ProviderError) {
      log.warn('tasks.retranslate_failed', { taskId, segmentId, error })
      throw new AppError('upstream_failed', 'retranslateFailed')
    }
    throw error
  }
  const updated = await db.segment.update({ where: { taskId_index: { taskId, index: segmentId } }, data: { translatedText: text } })
  return toSegmentDto(updated)
}
