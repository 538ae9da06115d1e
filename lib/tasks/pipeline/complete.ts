import 'server-only'
import type { Task } from '@prisma/client'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { captureTaskPoints } from '@/lib/points'
import type { StorageDriver } from '@/lib/storage'
import { failTask } from '../fail'
import { rememberTask } from '../memory'
import { renderTaskFile, storedContent, taskFormat } from '../render'
import { appStorage, translatedFileKey } from '../storage'
import { untranslatedCueIds } from '../untranslated'
import { refundIncompleteReview } from './review'
import { errorMessage as message, type Stage, type StageEnd, type TaskRun } from './stage'

const STORAGE_TIMEOUT_MS = 120_000

/** The last stage: the task completed (completeTask: captured, or failed by its guard) with the time since its work began. */
export const complete: Stage = {
  name: 'complete',
  async run(run: TaskRun, task: Task): Promise<StageEnd> {
    return completeTask({ taskId: task.id, startedAt: task.translationStartTime ?? new Date(), storage: run.options.storage })
  },
}

/**
 * Completes a translated task: captures its reservation (idempotent, so never twice), refunds the
 * review price when the review pass could not review every batch (./review.ts), and stores
 * the file in its own format under `translated-files/{taskId}_{fileName}`, which exports serve
 * until a segment changes; its translations join the user's translation memory (lib/memory). A failure of either is recorded on the task (`pointsError`,
 * `uploadError`) without failing it. A task deleted meanwhile leaves no file behind.
 * Guard: a task with a cue that has text but no translation is never completed or charged; it is
 * failed instead (its points released, a retry translates what is missing). Answers which it did.
 */
export async function completeTask({ taskId, startedAt, storage }: { taskId: string; startedAt: Date; storage?: StorageDriver }): Promise<'completed' | 'failed' | 'deleted'> {
  const missing = await untranslatedCueIds(taskId)
  if (missing.length > 0) {
    log.error('tasks.untranslated_at_completion', { taskId, count: missing.length, ids: missing.slice(0, 20) })
    await failTask({ taskId, error: `${missing.length} ${missing.length === 1 ? 'cue' : 'cues'} left without a translation` })
    return 'failed'
  }
  let pointsError: string | null = null
  let uploadError: string | null = null
  let storageKey: string | null = null
  try {
    await captureTaskPoints({ taskId })
  } catch (error) {
    pointsError = message(error)
    log.error('tasks.capture_failed', { taskId, error })
  }
  try {
    await refundIncompleteReview(taskId)
  } catch (error) {
    pointsError = message(error)
    log.error('tasks.review_refund_failed', { taskId, error })
  }
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task) return 'deleted'
  // The translations the task keeps join the user's memory; a failure there never fails the task.
  await rememberTask({ taskId }).catch((error) => log.error('tasks.remember_failed', { taskId, error }))
  try {
    const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    const file = renderTaskFile({ task, source: task.source, rows, format: taskFormat(task.format), content: storedContent(task) })
    const key = translatedFileKey(taskId, task.fileName)
    await (storage ?? appStorage()).put(key, file.body, { contentType: file.contentType, timeoutMs: STORAGE_TIMEOUT_MS })
    storageKey = key
  } catch (error) {
    uploadError = message(error)
    log.error('tasks.upload_failed', { taskId, error })
  }
  const end = new Date()
  const changed = await db.task.updateMany({
    where: { id: taskId, status: 'translating' },
    data: { status: 'completed', progress: 100, translationEndTime: end, translationDuration: end.getTime() - startedAt.getTime(), storageKey, pointsError, uploadError },
  })
  // Deleted while the file was being stored: nothing points at the file any more, so remove it.
  if (changed.count === 0 && storageKey && !(await db.task.findUnique({ where: { id: taskId }, select: { id: true } }))) {
    await (storage ?? appStorage()).delete(storageKey).catch((error) => log.warn('tasks.orphan_file_delete_failed', { taskId, error }))
  }
  return 'completed'
}
