import 'server-only'
import type { Job, PgBoss } from 'pg-boss'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { countDeadTask, observeTaskRun } from '@/lib/metrics'
import { failTask, runTask, type PipelineOptions } from '@/lib/tasks'
import { taskUploadState } from '@/lib/uploads'
import { announceDubEnd, announceTaskEnd, attemptDelivery } from '@/lib/webhooks'
import { failDeadDub, runDub } from '@/lib/dub'
import { DUB_DEAD_QUEUE, DUB_QUEUE, enqueueWebhookDelivery, getBoss, sendTaskRun, stopBoss, TASK_DEAD_QUEUE, TASK_QUEUE, TRANSCRIPTION_DEAD_QUEUE, TRANSCRIPTION_QUEUE, WEBHOOK_QUEUE, type BossSettings } from './boss'
import { dubRunJob, taskRunJob, transcriptionRunJob, webhookDeliverJob, type DubRunJob, type TaskRunJob, type TranscriptionRunJob, type WebhookDeliverJob } from './definitions'

export type WorkerOptions = {
  /** Subtitle tasks run at once by this process (each with its own requests in flight). */
  tasksAtOnce?: number
  /** Transcriptions run at once by this process, on workers of their own (one per user across processes). */
  transcriptionsAtOnce?: number
  pollingIntervalSeconds?: number
  boss?: BossSettings | Partial<BossSettings>
  pipeline?: Omit<PipelineOptions, 'signal'>
}

export type Workers = { boss: PgBoss; stop(options?: { timeoutMs?: number }): Promise<void> }

const DEAD_MESSAGE = 'translation stopped: its worker failed repeatedly'
/** A parked transcription is looked at again this often: a cheap look at its parts, a run only when they moved. */
export const PARKED_LOOK_SECONDS = 3

/**
 * pg-boss's one-per-group rule is checked when a job is fetched, and two workers fetching at the
 * same instant both see the group idle. The later of two such runs (by start, then id) steps back
 * and is queued again, so a user's transcriptions never run side by side.
 */
async function anEarlierRunOfTheGroupIsActive(job: Job<TranscriptionRunJob>): Promise<boolean> {
  if (!job.groupId) return false
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT other.id FROM pgboss.job other, pgboss.job mine
    WHERE mine.name = ${job.name} AND mine.id = ${job.id}::uuid
      AND other.name = mine.name AND other.state = 'active' AND other.group_id = mine.group_id AND other.id <> mine.id
      AND (other.started_on, other.id) < (mine.started_on, mine.id)
    LIMIT 1`
  return rows.length > 0
}

/** Tells the owner's webhook endpoints that a task ended; a failure here never fails the task's job. */
async function announceEnd(taskId: string) {
  await announceTaskEnd({ taskId, enqueue: enqueueWebhookDelivery }).catch((error: unknown) => log.error('webhooks.announce_failed', { taskId, error }))
}

/**
 * Starts the task workers of this process on the shared pg-boss instance. Rules: subtitle tasks
 * and transcriptions run on separate queues and workers, so recordings never hold the workers a
 * subtitle file waits for; a user runs one transcription at a time (the others queue behind it);
 * a transcription whose upload brought nothing new for a while gives its worker back and is queued
 * again, and runs only once its parts grew, finished or stalled. A task whose worker dies (no
 * heartbeat) or throws unexpectedly runs again on any worker and resumes; one that exhausts its
 * runs lands in the dead-letter queue, where it is marked failed and its points released.
 */
export async function startTaskWorkers({ tasksAtOnce = 2, transcriptionsAtOnce = 2, pollingIntervalSeconds = 1, boss: settings = {}, pipeline = {} }: WorkerOptions = {}): Promise<Workers> {
  const boss = await getBoss(settings)
  const park = (taskId: string, parkedBytes: number) => sendTaskRun({ taskId, tx: db, startAfter: PARKED_LOOK_SECONDS, parkedBytes })
  // A run that stopped to wait for its upload is queued again (on the transcription queue, whichever it came from).
  const run = async (job: Job<TaskRunJob>) => {
    const started = Date.now()
    const { taskId, traceparent } = taskRunJob.payload.parse(job.data)
    const outcome = await observeTaskRun(taskId, traceparent, () => runTask({ taskId, ...pipeline, signal: job.signal }))
    log.info('jobs.task_done', { taskId, queue: job.name, outcome, attempt: job.retryCount, ms: Date.now() - started })
    if (outcome === 'waiting') await park(taskId, (await taskUploadState(taskId)).bytes)
    else await announceEnd(taskId)
    return { outcome }
  }
  const runOne = ([job]: Job<TaskRunJob>[]) => run(job)
  const runTranscriptionJob = async ([job]: Job<TranscriptionRunJob>[]) => {
    const { taskId, parkedBytes } = transcriptionRunJob.payload.parse(job.data)
    if (await anEarlierRunOfTheGroupIsActive(job)) {
      await sendTaskRun({ taskId, tx: db, startAfter: PARKED_LOOK_SECONDS, parkedBytes })
      return { outcome: 'waiting' }
    }
    if (parkedBytes !== undefined) {
      const upload = await taskUploadState(taskId)
      if (!upload.isComplete && !upload.isStalled && upload.bytes <= parkedBytes) return park(taskId, parkedBytes).then(() => ({ outcome: 'waiting' }))
    }
    return run(job)
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
  await boss.work<TranscriptionRunJob>(TRANSCRIPTION_QUEUE, { localConcurrency: transcriptionsAtOnce, groupConcurrency: 1, pollingIntervalSeconds, batchSize: 1 }, runTranscriptionJob)
  await boss.work<TaskRunJob>(TRANSCRIPTION_DEAD_QUEUE, { pollingIntervalSeconds: deadPolling, batchSize: 1 }, failDead)
  // Dubs: one at a time per process (each speaks several phrases at once, TTS_CONCURRENCY).
  await boss.work<DubRunJob>(DUB_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    const { dubId } = dubRunJob.payload.parse(job.data)
    if ((await runDub({ dubId, signal: job.signal })) === 'completed') await announceDubEnd({ dubId, enqueue: enqueueWebhookDelivery }).catch((error: unknown) => log.error('webhooks.announce_failed', { dubId, error }))
  })
  await boss.work<DubRunJob>(DUB_DEAD_QUEUE, { pollingIntervalSeconds: deadPolling, batchSize: 1 }, ([job]) => failDeadDub(dubRunJob.payload.parse(job.data).dubId))
  await boss.work<WebhookDeliverJob>(WEBHOOK_QUEUE, { localConcurrency: 2, pollingIntervalSeconds, batchSize: 1 }, deliverOne)
  log.info('jobs.task_workers_started', { tasksAtOnce, transcriptionsAtOnce })
  return {
    boss,
    stop: (options) => stopBoss(options),
  }
}
