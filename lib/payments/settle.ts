import 'server-only'
import type { Order, OrderChannel } from '@prisma/client'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { ORDER_CHANNEL, ORDER_STATUS, formatAmount } from '@/lib/orders'
import { grantPoints, inTransaction, lotExpiry } from '@/lib/points'
import { sendReceipt } from './receipt'

export type PaymentProvider = 'alipay' | 'airwallex'

/** What a provider vouches for: this order was paid this amount, in this currency. */
export type PaymentProof = {
  provider: PaymentProvider
  orderId: string
  /** As the provider wrote it ("19.90", 2.99). */
  amount: string | number
  currency: string
  /** Alipay's trade_no or the Airwallex payment intent id. */
  providerRef: string
  /** The provider's id of this message (notify_id, webhook event id), to keep a record of it. */
  eventId?: string
  payload?: unknown
}

export type SettleOutcome = 'paid' | 'already_paid' | 'unknown_order' | 'mismatch'
export type SettleResult = { outcome: SettleOutcome; order: Order | null }

const CHANNEL_OF: Record<PaymentProvider, OrderChannel> = { alipay: ORDER_CHANNEL.alipay, airwallex: ORDER_CHANNEL.card }

/**
 * Applies a verified payment to its order, exactly once: one transaction locks the order row,
 * checks channel, amount, currency and (for cards) the intent, marks it paid and grants its points
 * as a lot expiring a year after payment, under the order's own ledger key. Any mix of notifies,
 * webhooks, queries and reconciliations, concurrent or repeated, grants once. A paid order mails
 * the buyer a receipt after the commit.
 */
export async function settleOrder(proof: PaymentProof, { now = new Date() }: { now?: Date } = {}): Promise<SettleResult> {
  const result = await inTransaction(undefined, async (tx) => {
    if (proof.eventId) {
      await tx.paymentEvent.createMany({
        data: [{ provider: proof.provider, eventId: proof.eventId, payload: (proof.payload ?? {}) as object }],
        skipDuplicates: true,
      })
    }
    const locked = await tx.$queryRaw<{ orderId: string }[]>`SELECT "orderId" FROM "Order" WHERE "orderId" = ${proof.orderId} FOR UPDATE`
    if (locked.length === 0) return { outcome: 'unknown_order' as const, order: null }
    const order = await tx.order.findUniqueOrThrow({ where: { orderId: proof.orderId } })
    const isSameIntent = proof.provider !== 'airwallex' || order.providerRef === proof.providerRef
    const matches =
      order.channel === CHANNEL_OF[proof.provider] &&
      formatAmount(order.price) === formatAmount(Number(proof.amount)) &&
      order.currency === proof.currency.toUpperCase() &&
      isSameIntent
    if (!matches) return { outcome: 'mismatch' as const, order }
    if (order.status === ORDER_STATUS.paid) return { outcome: 'already_paid' as const, order }
    const paid = await tx.order.update({
      where: { orderId: order.orderId },
      data: { status: ORDER_STATUS.paid, paidAt: now, providerRef: proof.providerRef },
    })
    // A buyer deleted before paying leaves a paid order on record and no one to credit.
    if (order.userId) {
      await grantPoints({ userId: order.userId, amount: order.points, key: `order:${order.orderId}`, source: 'purchase', orderId: order.orderId, now, expiresAt: lotExpiry(now), tx })
    }
    return { outcome: 'paid' as const, order: paid }
  })
  if (result.outcome === 'mismatch' || result.outcome === 'unknown_order') {
    log.warn('payments.ignored', { provider: proof.provider, orderId: proof.orderId, outcome: result.outcome, amount: String(proof.amount), currency: proof.currency })
  }
  if (result.outcome === 'paid' && result.order) {
    log.info('payments.paid', { provider: proof.provider, orderId: proof.orderId })
    await sendReceipt(result.order).catch((error) => log.error('payments.receipt_failed', { orderId: proof.orderId, error }))
  }
  return result
}

/** Whether an order exists and is paid (answers a status query without asking the provider). */
export async function isOrderPaid(orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({ where: { orderId }, select: { status: true } })
  return order?.status === ORDER_STATUS.paid
}
