import 'server-only'
import { db } from '@/lib/db'

/** The task was deleted or ended while its sound was being sent: the run stops, sending nothing more. */
export class TaskStoppedError extends Error {}

/**
 * Records that a chunk is about to go to the speech provider, so a task deleted or failed from now
 * on is charged for its sound (../work-charge.ts). Rule: only while the task is still running,
 * under a share lock of its row, so a delete or a failure either sees the chunk as sent or comes
 * first and this throws TaskStoppedError (the chunk is not sent).
 */
export async function markChunkSent(taskId: string, index: number): Promise<void> {
  const isRunning = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string }[]>`SELECT "status" FROM "Task" WHERE "id" = ${taskId} FOR SHARE`
    if (rows[0]?.status !== 'translating') return false
    await tx.transcriptChunk.updateMany({ where: { taskId, index, sentAt: null }, data: { sentAt: new Date() } })
    return true
  })
  if (!isRunning) throw new TaskStoppedError(`task ${taskId} is no longer running`)
}
