import 'server-only'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { ORDER_CHANNEL, ORDER_STATUS } from '@/lib/orders'
import { isAlipayConfigured, queryAlipayTrade, settleAlipayTrade } from './alipay'
import { isAirwallexConfigured, retrievePaymentIntent, settleIntent } from './airwallex'

export type ReconcileReport = { checked: number; paid: number; failed: number }

/** How far back unpaid orders are checked with their provider. */
export const RECONCILE_WINDOW_MS = 24 * 3600_000

/**
 * Asks the providers about every unpaid order of the last 24 hours and settles the paid ones, so
 * a notification or webhook that never arrived still grants the points. One order's failure is
 * logged and the rest go on.
 */
export async function reconcileUnpaidOrders({ now = new Date() }: { now?: Date } = {}): Promise<ReconcileReport> {
  const orders = await db.order.findMany({
    where: { status: ORDER_STATUS.unpaid, createTime: { gte: new Date(now.getTime() - RECONCILE_WINDOW_MS) } },
    orderBy: { createTime: 'asc' },
    select: { orderId: true, channel: true, providerRef: true },
  })
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 }
  for (const order of orders) {
    try {
      let outcome: string | undefined
      if (order.channel === ORDER_CHANNEL.alipay && isAlipayConfigured()) {
        report.checked += 1
        outcome = (await settleAlipayTrade(await queryAlipayTrade(order.orderId)))?.outcome
      } else if (order.channel === ORDER_CHANNEL.card && order.providerRef && isAirwallexConfigured()) {
        report.checked += 1
        outcome = (await settleIntent(await retrievePaymentIntent(order.providerRef)))?.outcome
      }
      if (outcome === 'paid') report.paid += 1
    } catch (error) {
      report.failed += 1
      log.error('payments.reconcile_failed', { orderId: order.orderId, error })
    }
  }
  if (report.checked > 0) log.info('payments.reconciled', report)
  return report
}
