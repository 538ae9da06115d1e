import 'server-only'
import { db, type Tx } from '@/lib/db'

// What other features need of tasks as a whole: the maintenance's stuck tasks, and the files an
// account's deletion removes.

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
