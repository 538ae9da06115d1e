import 'server-only'
import { PgBoss, fromPrisma } from 'pg-boss'
import { log } from '@/lib/log'
import { traceParent } from '@/lib/tracing'
import type { Tx } from '@/lib/db'
import type { Enqueue } from '@/lib/tasks/enqueue'
import { runTarget } from '@/lib/tasks/upkeep'
import type { EnqueueDelivery } from '@/lib/webhooks'
import type { EnqueueDub } from '@/lib/dub'
import { dubRunJob, taskRunJob, transcriptionRunJob, webhookDeliverJob } from './definitions'

/** The queue of task runs, and where a task lands after its last allowed worker failure. */
export const TASK_QUEUE = taskRunJob.queue
export const TASK_DEAD_QUEUE = taskRunJob.deadQueue
export const WEBHOOK_QUEUE = webhookDeliverJob.queue
/** The queue of transcription runs (their own workers), and where one lands after its last allowed failure. */
export const TRANSCRIPTION_QUEUE = transcriptionRunJob.queue
export const TRANSCRIPTION_DEAD_QUEUE = transcriptionRunJob.deadQueue
/** The queue of dub runs, and where one lands after its last allowed failure. */
export const DUB_QUEUE = dubRunJob.queue
export const DUB_DEAD_QUEUE = dubRunJob.deadQueue

export type BossSettings = {
  connectionString: string
  /** How often expired jobs and silent workers are looked for (pg-boss supervise + monitor). */
  superviseIntervalSeconds?: number
  /** A worker that sends no heartbeat for this long is taken for dead and its task handed on (≥ 10). */
  heartbeatSeconds?: number
  /** Extra runs of a task whose worker died or hit an unexpected error. */
  retryLimit?: number
  retryDelaySeconds?: number
  /** Longest one run may take; a 5 MB file on a slow provider needs hours, not pg-boss's 15 minutes. */
  expireInSeconds?: number
  /** Database connections of this boss. */
  max?: number
}

/**
 * Starts a pg-boss instance on the app's PostgreSQL and makes sure the task and transcription
 * queues and their dead letters exist. Rule: the
 * first start installs pg-boss's schema (`pgboss`), later starts and other processes reuse it.
 */
export async function createBoss({
  connectionString,
  superviseIntervalSeconds = 10,
  heartbeatSeconds = 30,
  retryLimit = 5,
  retryDelaySeconds = 2,
  expireInSeconds = 6 * 60 * 60,
  max = 4,
}: BossSettings): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    max,
    application_name: 'subtitle-studio-jobs',
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
    schedule: false,
  })
  boss.on('error', (error) => log.error('jobs.error', { error }))
  await boss.start()
  for (const [queue, deadLetter] of [[TASK_QUEUE, TASK_DEAD_QUEUE], [TRANSCRIPTION_QUEUE, TRANSCRIPTION_DEAD_QUEUE], [DUB_QUEUE, DUB_DEAD_QUEUE]]) {
    await boss.createQueue(deadLetter)
    await boss.createQueue(queue, { heartbeatSeconds, retryLimit, retryDelay: retryDelaySeconds, expireInSeconds, deadLetter })
  }
  // A try that throws (the database away) runs again soon; a receiver's failure is rescheduled by the handler.
  await boss.createQueue(WEBHOOK_QUEUE, { retryLimit: 3, retryDelay: 5, expireInSeconds: 60 })
  return boss
}

const holder = globalThis as unknown as { __boss?: Promise<PgBoss> }

/** The pg-boss instance of this process (started on first use, shared by senders and workers). */
export function getBoss(settings: Partial<BossSettings> = {}): Promise<PgBoss> {
  if (!holder.__boss) {
    const connectionString = settings.connectionString ?? process.env.DATABASE_URL
    if (!connectionString) throw new Error('DATABASE_URL is not set')
    holder.__boss = createBoss({ ...settings, connectionString }).catch((error) => {
      holder.__boss = undefined
      throw error
    })
  }
  return holder.__boss
}

/** Stops this process's pg-boss instance, waiting up to `timeoutMs` for running jobs. */
export async function stopBoss({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const pending = holder.__boss
  holder.__boss = undefined
  if (!pending) return
  const boss = await pending.catch(() => null)
  await boss?.stop({ graceful: true, timeout: timeoutMs })
}

/**
 * Queues a task's run inside the caller's transaction, so the job exists exactly when the task
 * does (a rolled-back creation leaves no job behind). Handed to lib/tasks by the routes.
 */
export const enqueueTaskRun: Enqueue = Object.assign(async ({ taskId, tx }: Parameters<Enqueue>[0]) => sendTaskRun({ taskId, tx }), { prepare: () => getBoss() })

/**
 * Queues a task's run on its queue: a transcription on the transcription queue in its user's group
 * (one of the user's runs at a time), any other task on the task queue. `startAfter` (seconds)
 * and `parkedBytes` are a parked transcription's (worker.ts).
 */
export async function sendTaskRun({ taskId, tx, startAfter, parkedBytes }: { taskId: string; tx: Tx; startAfter?: number; parkedBytes?: number }): Promise<void> {
  const boss = await getBoss()
  const target = await runTarget({ taskId, tx })
  const traceparent = traceParent()
  if (target?.kind === 'transcription') {
    await boss.send(TRANSCRIPTION_QUEUE, transcriptionRunJob.payload.parse({ taskId, traceparent, parkedBytes }), { db: fromPrisma(tx), group: { id: target.userId }, startAfter })
  } else {
    await boss.send(TASK_QUEUE, taskRunJob.payload.parse({ taskId, traceparent }), { db: fromPrisma(tx), startAfter })
  }
}

/** Queues a dub's run inside the caller's transaction, so the job exists exactly when the dub does. */
export const enqueueDubRun: EnqueueDub = async ({ dubId, tx }) => {
  const boss = await getBoss()
  await boss.send(DUB_QUEUE, dubRunJob.payload.parse({ dubId }), { db: fromPrisma(tx) })
}

/** Queues one try of a webhook delivery (in the caller's transaction when given, not before `startAfter`). */
export const enqueueWebhookDelivery: EnqueueDelivery = async ({ deliveryId, tx, startAfter }) => {
  const boss = await getBoss()
  await boss.send(WEBHOOK_QUEUE, webhookDeliverJob.payload.parse({ deliveryId }), { ...(tx ? { db: fromPrisma(tx) } : {}), ...(startAfter ? { startAfter } : {}) })
}
