import type { Tx } from '@/lib/db'

/**
 * Queues a task's translation inside the caller's transaction, so the job exists exactly when the
 * task does (a rolled-back creation leaves no job behind). The queue (lib/jobs) provides it and
 * route handlers hand it in: lib/tasks never imports the queue. `prepare` starts the queue before a
 * transaction takes the user's lock, so a process's first task does not hold the lock meanwhile.
 */
export type Enqueue = ((options: { taskId: string; tx: Tx }) => Promise<void>) & { prepare?: () => Promise<unknown> }
