import 'server-only'
import { db, type Tx } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import type { TranslatedCue } from '@/lib/translate'

// The review pass (`Task.review`, DeepSeek only): the provider is shown its own translations again
// and the lines it corrects are kept with their first translation. It has no pass of its own over
// the task: each batch is reviewed by the engine right after it is translated, with the batch's
// own context, before it is saved (translate.ts, and each chunk of a streamed recording while
// later chunks are transcribed: chunk-cues.ts), and the memory's lines are reviewed before they
// are kept (translate.ts). Run after translation as a pass of its own, it would show the provider
// other context and hold a recording's lines back until its last chunk. What the task keeps of the
// review lives here: whether it could review every line, and the price of one it could not finish.

/** A batch with a line the review could not check marks the task `reviewIncomplete` (refunded at completion). */
export async function markReviewIncomplete(tx: Tx, taskId: string, batch: readonly Pick<TranslatedCue, 'review'>[]): Promise<void> {
  if (batch.some((item) => item.review === 'failed')) await tx.task.updateMany({ where: { id: taskId, reviewIncomplete: false }, data: { reviewIncomplete: true } })
}

/**
 * Gives back a completed task's review price when some batch could not be reviewed (the provider
 * kept failing the review request, or a fallback service translated it): the review was paid for
 * the whole file, so a partial review is not charged. Rules: a refund lot of `reviewCost` points,
 * once per task (idempotency key `task:{id}:review-refund`); answers the points given back now.
 */
export async function refundIncompleteReview(taskId: string): Promise<number> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { userId: true, review: true, reviewCost: true, reviewIncomplete: true } })
  if (!task?.review || !task.reviewIncomplete || task.reviewCost <= 0) return 0
  const refund = await grantPoints({ userId: task.userId, amount: task.reviewCost, key: `task:${taskId}:review-refund`, source: 'refund', reason: `review of task ${taskId} incomplete` })
  return refund.isDuplicate ? 0 : task.reviewCost
}
