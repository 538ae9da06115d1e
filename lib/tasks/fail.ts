import 'server-only'
import { db } from '@/lib/db'
import { LEDGER_TX_OPTIONS } from '@/lib/points'
import { dropPartsOfFailedTask } from './pipeline/recording-source'
import { settleUnfinishedTask } from './work-charge'

/**
 * Marks a task failed and settles its reservation, in one transaction: what the work already done
 * costs is kept, the rest released (./work-charge.ts). Rule: only a task still translating changes;
 * a completed or deleted one is left alone. Its translated cues are kept, so a retry translates
 * only what is missing (and is charged only the rest of the price); the recording's parts go once
 * the task no longer needs them (pipeline/recording-source.ts).
 */
export async function failTask({ taskId, error }: { taskId: string; error: string }): Promise<boolean> {
  const isFailed = await db.$transaction(async (tx) => {
    const task = await tx.task.findUnique({ where: { id: taskId }, select: { translationStartTime: true } })
    const end = new Date()
    const changed = await tx.task.updateMany({
      where: { id: taskId, status: 'translating' },
      data: {
        status: 'failed',
        error,
        translationEndTime: end,
        translationDuration: task?.translationStartTime ? end.getTime() - task.translationStartTime.getTime() : null,
      },
    })
    if (changed.count === 0) return false
    await settleUnfinishedTask({ taskId, tx })
    return true
  }, LEDGER_TX_OPTIONS)
  if (isFailed) await dropPartsOfFailedTask(taskId)
  return isFailed
}
