import 'server-only'
import { log } from '@/lib/log'
import { env } from '@/lib/env'
import { startMaintenance } from './maintenance'
import { startPaymentReconciliation } from './reconcile'
import { startTaskWorkers } from './worker'

const holder = globalThis as unknown as { __webWorkers?: Promise<unknown> }

/**
 * Starts the task workers inside the web process (the default; WORKER_MODE=external leaves
 * the work to `npm run worker`). Rules: once per process, even across dev reloads; a failure is
 * logged and retried, never allowed to take the web server down.
 */
export function startWebWorkers(): void {
  if (holder.__webWorkers) return
  const attempt = (delayMs: number): Promise<unknown> =>
    startTaskWorkers({ tasksAtOnce: Number(process.env.WORKER_TASKS_AT_ONCE ?? 2) || 2, transcriptionsAtOnce: Number(process.env.WORKER_TRANSCRIPTIONS_AT_ONCE ?? 2) || 2 })
      .then(() => startPaymentReconciliation({ intervalSeconds: env().PAYMENT_RECONCILE_INTERVAL_S }))
      .then(() => startMaintenance())
      .catch(async (error) => {
      log.error('jobs.start_failed', { error, retryInMs: delayMs })
      await new Promise((r) => setTimeout(r, delayMs))
      return attempt(Math.min(delayMs * 2, 60_000))
    })
  holder.__webWorkers = attempt(2000)
}
