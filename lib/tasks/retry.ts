import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { LEDGER_TX_OPTIONS, reserveTaskRetryPoints } from '@/lib/points'
import { consumeRateLimit } from '@/lib/rate-limit'
import type { Enqueue } from './enqueue'
import { toTaskDto, type TaskDto } from './dto'
import { findOwnTask } from './queries'

/** A retry runs a task's whole job again (a recording is decoded again): a few an hour per task, a few more per user. */
export const RETRY_LIMITS = { perTask: 3, perUser: 10, windowMs: 60 * 60_000 } as const

/** Counts one retry of the task and of the user; past either limit it is 42900 `retryTooOften`, before anything is read. */
async function limitRetries({ userId, taskId }: { userId: string; taskId: string }): Promise<void> {
  const { perTask, perUser, windowMs } = RETRY_LIMITS
  const [task, user] = await Promise.all([
    consumeRateLimit({ key: `retry:task:${taskId}`, limit: perTask, windowMs }),
    consumeRateLimit({ key: `retry:user:${userId}`, limit: perUser, windowMs }),
  ])
  if (task.isAllowed && user.isAllowed) return
  const waitMs = Math.max(task.isAllowed ? 0 : task.retryAfterMs, user.isAllowed ? 0 : user.retryAfterMs)
  throw new AppError('rate_limited', 'retryTooOften', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) })
}

/**
 * Runs a failed task of the user again (`POST /api/tasks/{id}/retry`). Rules: only a failed task
 * (40900 otherwise); in one transaction, under the task's row lock, its cost is reserved again
 * (40200 when the balance is short; the failure had given it back, so the task is charged once in
 * all), it is marked translating and queued. The worker keeps the translated cues and translates
 * only the missing ones. Retries are limited (RETRY_LIMITS), counted once the task is known to be the caller's.
 */
export async function retryTask({ userId, taskId, enqueue }: { userId: string; taskId: string; enqueue: Enqueue }): Promise<TaskDto> {
  await findOwnTask({ userId, taskId })
  await limitRetries({ userId, taskId })
  // Start the queue (first call of a process) before the transaction takes the locks.
  await enqueue.prepare?.()
  const task = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; cost: number }[]>`SELECT "status", "cost" FROM "Task" WHERE "id" = ${taskId} AND "userId" = ${userId} FOR UPDATE`
    if (rows.length === 0) throw new AppError('not_found', 'taskNotFound')
    if (rows[0].status !== 'failed') throw new AppError('conflict', 'taskNotFailed')
    await reserveTaskRetryPoints({ userId, taskId, amount: rows[0].cost, tx })
    const updated = await tx.task.update({
      where: { id: taskId },
      data: { status: 'translating', error: null, translationStartTime: null, translationEndTime: null, translationDuration: null },
    })
    await enqueue({ taskId, tx })
    return updated
  }, LEDGER_TX_OPTIONS)
  return toTaskDto(task, await db.segment.count({ where: { taskId } }))
}
