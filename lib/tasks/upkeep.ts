import 'server-only'
import { db, type Tx } from '@/lib/db'

// What other features need of tasks as a whole: the queue a task runs on, the maintenance's stuck
// tasks and failed tasks' recordings, and the files an account's deletion removes.

/** What the queue needs to place a task's run: its kind (a transcription has its own queue) and its owner. */
export async function runTarget({ taskId, tx = db }: { taskId: string; tx?: Tx }): Promise<{ kind: string; userId: string } | null> {
  return tx.task.findUnique({ where: { id: taskId }, select: { kind: true, userId: true } })
}

/** Transcriptions that failed while transcribing before `before`: they keep their recording's parts for a retry until then. */
export async function failedWhileTranscribing({ before, take = 500 }: { before: Date; take?: number }): Promise<string[]> {
  const tasks = await db.task.findMany({ where: { status: 'failed', kind: 'transcription', stage: 'transcribing', translationEndTime: { lt: before }, audioParts: { some: {} } }, select: { id: true }, take })
  return tasks.map((task) => task.id)
}

/** Tasks still `translating` that were submitted before `before` (at most `take`), with their runs so far. */
export function findStuckTasks({ before, take = 500 }: { before: Date; take?: number }): Promise<{ id: string; runs: number }[]> {
  return db.task.findMany({ where: { status: 'translating', submitTime: { lt: before } }, select: { id: true, runs: true }, take })
}

/**
 * The storage keys of a user's translated files, read inside the caller's transaction (the user's
 * deletion: the rows go with the user, the files after it commits).
 */
export async function translatedFilesOf({ userId, tx }: { userId: string; tx: Tx }): Promise<string[]> {
  const tasks = await tx.task.findMany({ where: { userId, storageKey: { not: null } }, select: { storageKey: true } })
  return tasks.map((task) => task.storageKey!)
}
