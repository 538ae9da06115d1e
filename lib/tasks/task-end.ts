import 'server-only'
import type { TaskKind, TaskStatus } from '@prisma/client'
import { db } from '@/lib/db'

export type TaskEnd = {
  id: string
  userId: string
  kind: TaskKind
  status: TaskStatus
  fileName: string
  sourceLanguage: string
  targetLanguage: string
  cost: number
  error: string | null
  /** When the task ended: a retried task that ends again ends at another time (a new event). */
  endedAt: Date
}

/** How a task ended, for those who are told of it (webhooks); null while it runs or once deleted. */
export async function taskEnd(taskId: string): Promise<TaskEnd | null> {
  const task = await db.task.findUnique({ where: { id: taskId } })
  if (!task || task.status === 'translating' || !task.translationEndTime) return null
  return {
    id: task.id,
    userId: task.userId,
    kind: task.kind,
    status: task.status,
    fileName: task.fileName,
    sourceLanguage: task.detectedLanguage,
    targetLanguage: task.targetLanguage,
    cost: task.cost,
    error: task.status === 'failed' ? task.error : null,
    endedAt: task.translationEndTime,
  }
}
