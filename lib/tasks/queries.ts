import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import { log } from '@/lib/log'
import { LEDGER_TX_OPTIONS, releaseTaskPoints } from '@/lib/points'
import { toSegmentDto, toTaskDto, type SegmentDto, type TaskDto } from './dto'
import { appStorage } from './storage'

export type Page<T> = { pageNum: number; pageSize: number; totalCount: number; totalPages: number; hasNextPage: boolean; hasPrevPage: boolean; list: T[] }

/** A task of the user, or 40400 "task does not exist" (also for another user's task). */
export async function findOwnTask({ userId, taskId }: { userId: string; taskId: string }) {
  const task = await db.task.findFirst({ where: { id: taskId, userId } })
  if (!task) throw new AppError('not_found', 'taskNotFound')
  return task
}

/** The user's tasks, newest first, as the spec's page object. */
export async function listTasks({ userId, page, size }: { userId: string; page: number; size: number }): Promise<Page<TaskDto>> {
  const [totalCount, tasks] = await Promise.all([
    db.task.count({ where: { userId } }),
    db.task.findMany({
      where: { userId },
      orderBy: [{ submitTime: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * size,
      take: size,
      include: { _count: { select: { segments: true } } },
    }),
  ])
  const totalPages = Math.ceil(totalCount / size)
  return {
    pageNum: page,
    pageSize: size,
    totalCount,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
    list: tasks.map(({ _count, ...task }) => toTaskDto(task, _count.segments)),
  }
}

/**
 * One task of the user with all its segments in order. With `withSegments: false` only the task
 * (status, progress) is answered, which is what a progress poll of a 50,000-cue file should ask for.
 */
export async function getTask({ userId, taskId, withSegments = true }: { userId: string; taskId: string; withSegments?: boolean }): Promise<TaskDto & { segments?: SegmentDto[] }> {
  const task = await findOwnTask({ userId, taskId })
  if (!withSegments) return toTaskDto(task, await db.segment.count({ where: { taskId } }))
  const segments = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  return { ...toTaskDto(task, segments.length), segments: segments.map(toSegmentDto) }
}

/**
 * Deletes a task of the user with its segments. Rules: a task still translating gives its reserved
 * points back (its worker notices the task is gone and stops); the stored file is removed too.
 */
export async function deleteTask({ userId, taskId }: { userId: string; taskId: string }): Promise<void> {
  const task = await findOwnTask({ userId, taskId })
  await db.$transaction(async (tx) => {
    await releaseTaskPoints({ taskId, tx })
    await tx.task.deleteMany({ where: { id: taskId, userId } })
  }, LEDGER_TX_OPTIONS)
  if (task.storageKey) {
    await appStorage()
      .delete(task.storageKey)
      .catch((error) => log.warn('tasks.delete_file_failed', { taskId, error }))
  }
}
