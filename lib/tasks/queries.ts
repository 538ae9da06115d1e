import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { captureTaskPoints, LEDGER_TX_OPTIONS, ReservationError } from '@/lib/points'
import { readTaskAtCursor, readTaskChanges } from './changes'
import type { TaskDetailDto } from './contract'
import { toSegmentDto, toTaskDto, type TaskDto } from './dto'
import { toPage, type Page } from '@/lib/pagination'
import { partIdsOf, removeFilesOfParts } from '@/lib/uploads'
import { isTaskIdShape } from './schemas'
import { appStorage } from './storage'
import { settleUnfinishedTask } from './work-charge'

/** A task of the user, or 40400 "task does not exist" (also for another user's task). */
export async function findOwnTask({ userId, taskId }: { userId: string; taskId: string }) {
  if (!isTaskIdShape(taskId)) throw new AppError('not_found', 'taskNotFound')
  // The VTT/ASS source (up to 5 MB) is read by exports only, never by a progress poll.
  const task = await db.task.findFirst({ where: { id: taskId, userId }, omit: { source: true } })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  return task
}

/** The user's tasks, newest first, as a page object. */
export async function listTasks({ userId, page, size }: { userId: string; page: number; size: number }): Promise<Page<TaskDto>> {
  const [totalCount, tasks] = await Promise.all([
    db.task.count({ where: { userId } }),
    db.task.findMany({
      where: { userId },
      orderBy: [{ submitTime: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * size,
      take: size,
      include: { _count: { select: { segments: true } } },
      // The stored VTT/ASS source is only read by an export, never by a page of the list.
      omit: { source: true },
    }),
  ])
  return toPage({ list: tasks.map(({ _count, ...task }) => toTaskDto(task, _count.segments)), page, size, totalCount })
}

/**
 * One task of the user with all its segments in order. With `withSegments: false` only the task
 * (status, progress) is answered, which is what a progress poll of a 50,000-cue file should ask for.
 */
export async function getTask({ userId, taskId, withSegments = true }: { userId: string; taskId: string; withSegments?: boolean }): Promise<TaskDetailDto> {
  if (!withSegments) {
    const task = await findOwnTask({ userId, taskId })
    return toTaskDto(task, await db.segment.count({ where: { taskId } }))
  }
  if (!isTaskIdShape(taskId)) throw new AppError('not_found', 'taskNotFound')
  const { cursor, task, segments } = await readTaskAtCursor({ userId, taskId })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  return { ...toTaskDto(task, segments.length), segments: segments.map(toSegmentDto), cursor }
}

/**
 * The task and only the segments written since `since` (a cursor an earlier answer gave), with the
 * cursor for the next poll: what the editor polls every second while a task translates, so it
 * downloads each translated row once instead of the whole task each time.
 */
export async function getTaskChanges({ userId, taskId, since }: { userId: string; taskId: string; since: string }): Promise<TaskDetailDto> {
  if (!isTaskIdShape(taskId)) throw new AppError('not_found', 'taskNotFound')
  const { cursor, task, segmentCount, segments } = await readTaskChanges({ userId, taskId, since })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  return { ...toTaskDto(task, segmentCount), segments: segments.map(toSegmentDto), cursor, changedSince: since }
}

/**
 * Deletes a task of the user with its segments. Rules: a task still translating keeps the price of
 * the work already done and gives the rest of its reservation back (./work-charge.ts; a worker still
 * on it notices the task is gone and stops); a failed one was settled when it failed; a completed one
 * keeps its charge (captured now if the capture at completion failed); the
 * stored file is removed too, read from the row as it is deleted, so a file the worker stored
 * between our read and the delete is not left behind.
 */
export async function deleteTask({ userId, taskId }: { userId: string; taskId: string }): Promise<void> {
  await findOwnTask({ userId, taskId })
  // A recording's parts go with their rows (the task's deletion cascades to them): their files after it.
  const parts = await partIdsOf(taskId)
  const deleted = await db.$transaction(async (tx) => {
    // The row lock orders this against a worker failing the task; a worker finishing it captures first.
    const rows = await tx.$queryRaw<{ status: string }[]>`SELECT "status" FROM "Task" WHERE "id" = ${taskId} AND "userId" = ${userId} FOR UPDATE`
    if (rows.length === 0) return []
    if (rows[0].status === 'completed') {
      // Its translation was delivered: a capture that failed at completion is made now, never refunded.
      await captureTaskPoints({ taskId, tx }).catch((error) => {
        if (!(error instanceof ReservationError)) throw error
      })
    } else {
      await settleUnfinishedTask({ taskId, tx })
    }
    return tx.$queryRaw<{ storageKey: string | null; audioKey: string | null }[]>`DELETE FROM "Task" WHERE "id" = ${taskId} AND "userId" = ${userId} RETURNING "storageKey", "audioKey"`
  }, LEDGER_TX_OPTIONS)
  if (deleted.length === 0) throw new AppError('not_found', 'taskNotFound')
  await removeFilesOfParts(parts)
  // The stored file, and a transcription's recording, go with the task.
  for (const key of [deleted[0].storageKey, deleted[0].audioKey]) {
    if (!key) continue
    await appStorage()
      .delete(key)
      .catch((error) => log.warn('tasks.delete_file_failed', { taskId, error }))
  }
}
