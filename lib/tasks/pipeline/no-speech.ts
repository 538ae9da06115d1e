import 'server-only'
import { db } from '@/lib/db'
import { LEDGER_TX_OPTIONS, releaseTaskPoints } from '@/lib/points'

/**
 * Ends a transcription in which no speech was found: status `no_speech` (not "completed" with no
 * cues) and its reservation released, in one transaction. Rule: only a task still transcribing
 * changes, so a second call (a resumed worker) neither changes it again nor releases twice (the
 * ledger's release is idempotent besides).
 */
export async function endWithoutSpeech(taskId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const task = await tx.task.findUnique({ where: { id: taskId }, select: { translationStartTime: true } })
    const end = new Date()
    const changed = await tx.task.updateMany({
      where: { id: taskId, status: 'translating', stage: 'transcribing' },
      data: {
        status: 'no_speech',
        stage: null,
        progress: 100,
        error: null,
        translationEndTime: end,
        translationDuration: task?.translationStartTime ? end.getTime() - task.translationStartTime.getTime() : null,
      },
    })
    if (changed.count === 0) return false
    await tx.segment.deleteMany({ where: { taskId } })
    await releaseTaskPoints({ taskId, tx })
    return true
  }, LEDGER_TX_OPTIONS)
}
