import 'server-only'
import type { PgBoss } from 'pg-boss'
import { log } from '@/lib/log'
import { reconcileUnpaidOrders } from '@/lib/payments'
import { getBoss } from './boss'
import { reconcilePaymentsJob } from './definitions'

/** The queue of payment reconciliation runs (one every PAYMENT_RECONCILE_INTERVAL_S). */
export const RECONCILE_QUEUE = reconcilePaymentsJob.queue

export type Reconciler = { boss: PgBoss; stop(): void }

/**
 * Reconciles unpaid orders with the providers every `intervalSeconds`. Every process offers a run
 * each interval; pg-boss's singleton key lets one of them in per interval, and one worker runs it,
 * so several web and worker processes never query the providers twice for one interval.
 */
export async function startPaymentReconciliation({ intervalSeconds }: { intervalSeconds: number }): Promise<Reconciler> {
  const boss = await getBoss()
  await boss.createQueue(RECONCILE_QUEUE, { retryLimit: 0, expireInSeconds: Math.max(60, intervalSeconds * 2) })
  await boss.work(RECONCILE_QUEUE, { pollingIntervalSeconds: Math.min(30, Math.max(1, intervalSeconds / 2)), batchSize: 1 }, async () => {
    const report = await reconcileUnpaidOrders()
    return report
  })
  const offer = () =>
    boss.send(RECONCILE_QUEUE, {}, { singletonKey: 'reconcile', singletonSeconds: intervalSeconds }).catch((error) => log.error('jobs.reconcile_offer_failed', { error }))
  await offer()
  const timer = setInterval(() => void offer(), intervalSeconds * 1000)
  timer.unref()
  log.info('jobs.reconcile_started', { intervalSeconds })
  return { boss, stop: () => clearInterval(timer) }
}
