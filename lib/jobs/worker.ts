import 'server-only'
import type { Job, PgBoss } from 'pg-boss'
import { log } from '@/lib/log'
import { countDeadTask, observeTaskRun } from '@/lib/metrics'
import { failTask, runTask, type PipelineOptions } from '@/lib/tasks'
import { announceTaskEnd, attemptDelivery } from '@/lib/webhooks'
import { enqueueWebhookDelivery, getBoss, legacyTaskQueues, stopBoss, TASK_DEAD_QUEUE, TASK_QUEUE, WEBHOOK_QUEUE, type BossSettings } from './boss'
import { taskRunJob, webhookDeliverJob, type TaskRunJob, type WebhookDeliverJob } from './definitions'

export type WorkerOptions = {
  /** Tasks run at once by this process (each with its own requests in flight). */
  tasksAtOnce?: number
  pollingIntervalSeconds?: number
  boss?: BossSettings | Partial<BossSettings>
  pipeline?: Omit<PipelineOptions, 'signal'>
}

export type Workers = { boss: PgBoss; stop(options?: { timeoutMs?: number }): Promise<void> }

const DEAD_MESSAGE = 'translation stopped: its worker failed repeatedly'

/** Tells the owner's webhook endpoints that a task ended; a failure here never fails the task's job. */
async function announceEnd(taskId: string) {
  await announceTaskEnd({ taskId, enqueue: enqueueWebhookDelivery }).catch((error: unknown) => log.error('webhooks.announce_failed', { taskId, error }))
}

/**
 * Starts the task workers of this process on the shared pg-boss instance. Rules: a task whose
 * worker dies (no heartbeat) or throws unexpectedly runs again on any worker and resumes; one that
 * exhausts its runs lands in the dead-letter queue, where it is marked failed and its points
 * released. Jobs still waiting under the former queue names (`translate-task`, queued before the
 * rename) are run by the same handlers until those queues are empty.
 */
export async function startTaskWorkers({ tasksAtOnce = 2, pollingIntervalSeconds = 1, boss: settings = {}, pipeline = {} }: WorkerOptions = {}): Promise<Workers> {
  const boss = await getBoss(settings)
  const runOne = async ([job]: Job<TaskRunJob>[]) => {
    const started = Date.now()
    const { taskId, traceparent } = taskRunJob.payload.parse(job.data)
    const outcome = await observeTaskRun(taskId, traceparent, () => runTask({ taskId, ...pipeline, signal: job.signal }))
    log.info('jobs.task_done', { taskId, queue: job.name, outcome, attempt: job.retryCount, ms: Date.now() - started })
    await announceEnd(taskId)
    return { outcome }
  }
  const failDead = async ([job]: Job<TaskRunJob>[]) => {
    const { taskId } = taskRunJob.payload.parse(job.data)
    const changed = await failTask({ taskId, error: DEAD_MESSAGE })
    countDeadTask()
    log.error('jobs.task_dead', { taskId, queue: job.name, changed })
    await announceEnd(taskId)
  }
  const deliverOne = async ([job]: Job<WebhookDeliverJob>[]) => {
    const { deliveryId } = webhookDeliverJob.payload.parse(job.data)
    const result = await attemptDelivery({ deliveryId })
    if (!result.done) await enqueueWebhookDelivery({ deliveryId, startAfter: result.retryAt })
  }
  const deadPolling = Math.max(pollingIntervalSeconds, 2)
  await boss.work<TaskRunJob>(TASK_QUEUE, { localConcurrency: tasksAtOnce, pollingIntervalSeconds, batchSize: 1 }, runOne)
  await boss.work<TaskRunJob>(TASK_DEAD_QUEUE, { pollingIntervalSeconds: deadPolling, batchSize: 1 }, failDead)
  await boss.work<WebhookDeliverJob>(WEBHOOK_QUEUE, { localConcurrency: 2, pollingIntervalSeconds, batchSize: 1 }, deliverOne)
  const legacy = await legacyTaskQueues(boss)
  if (legacy.queue) await boss.work<TaskRunJob>(legacy.queue, { localConcurrency: tasksAtOnce, pollingIntervalSeconds: deadPolling, batchSize: 1 }, runOne)
  if (legacy.deadQueue) await boss.work<TaskRunJob>(legacy.deadQueue, { pollingIntervalSeconds: deadPolling, batchSize: 1 }, failDead)
  log.info('jobs.task_workers_started', { tasksAtOnce, legacyQueues: Boolean(legacy.queue || legacy.deadQueue) })
  return {
    boss,
    stop: (options) => stopBoss(options),
  }
}
