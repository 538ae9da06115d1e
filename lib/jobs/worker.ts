import 'server-only'
import type { PgBoss } from 'pg-boss'
import { log } from '@/lib/log'
import { countDeadTask, observeTaskRun } from '@/lib/metrics'
import { failTask, type PipelineOptions } from '@/lib/tasks'
import { runTask } from '@/lib/tasks'
import { getBoss, stopBoss, TRANSLATE_DEAD_QUEUE, TRANSLATE_QUEUE, type BossSettings } from './boss'
import { translateTaskJob, type TranslateJob } from './definitions'

export type WorkerOptions = {
  /** Tasks translated at once by this process (each with its own requests in flight). */
  tasksAtOnce?: number
  pollingIntervalSeconds?: number
  boss?: BossSettings | Partial<BossSettings>
  pipeline?: Omit<PipelineOptions, 'signal'>
}

export type Workers = { boss: PgBoss; stop(options?: { timeoutMs?: number }): Promise<void> }

const DEAD_MESSAGE = 'translation stopped: its worker failed repeatedly'

/**
 * Starts the translation workers of this process on the shared pg-boss instance. Rules: a task
 * whose worker dies (no heartbeat) or throws unexpectedly runs again on any worker and resumes; one
 * that exhausts its runs lands in the dead-letter queue, where it is marked failed and its points
 * released.
 */
export async function startTranslationWorkers({ tasksAtOnce = 2, pollingIntervalSeconds = 1, boss: settings = {}, pipeline = {} }: WorkerOptions = {}): Promise<Workers> {
  const boss = await getBoss(settings)
  await boss.work<TranslateJob>(
      TRANSLATE_QUEUE,
      { localConcurrency: tasksAtOnce, pollingIntervalSeconds, batchSize: 1 },
      async ([job]) => {
        const started = Date.now()
        const { taskId, traceparent } = translateTaskJob.payload.parse(job.data)
        const outcome = await observeTaskRun(taskId, traceparent, () => runTask({ taskId, ...pipeline, signal: job.signal }))
        log.info('jobs.task_done', { taskId, outcome, attempt: job.retryCount, ms: Date.now() - started })
        return { outcome }
      },
  )
  await boss.work<TranslateJob>(TRANSLATE_DEAD_QUEUE, { pollingIntervalSeconds: Math.max(pollingIntervalSeconds, 2), batchSize: 1 }, async ([job]) => {
    const { taskId } = translateTaskJob.payload.parse(job.data)
    const changed = await failTask({ taskId, error: DEAD_MESSAGE })
    countDeadTask()
    log.error('jobs.task_dead', { taskId, changed })
  })
  log.info('jobs.workers_started', { tasksAtOnce })
  return {
    boss,
    stop: (options) => stopBoss(options),
  }
}
