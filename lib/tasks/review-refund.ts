import 'server-only'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'

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
