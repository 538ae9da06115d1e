import 'server-only'
import { randomBytes } from 'node:crypto'
import type { TaskStatus } from '@prisma/client'
import { db, type Tx } from '@/lib/db'
import { env } from '@/lib/env'
import { dubEnd } from '@/lib/dub'
import { taskEnd } from '@/lib/tasks'
import { TEST_EVENT, type WebhookEvent } from './universal/events'
import { ownedEndpoint } from './endpoints'
import { guardedPost } from './guarded-post'
import { openSecret } from './sealed-secret'
import { signWebhook } from './signature'

/** Tries of one delivery in all: with the default 5 s first gap, each next one 5 times longer, the last comes about 27 hours after the first. */
export const MAX_ATTEMPTS = 8
const GAP_FACTOR = 5

/** Queues a try of a delivery, inside `tx` when given (the delivery exists exactly when its job does), not before `startAfter`. */
export type EnqueueDelivery = (input: { deliveryId: string; tx?: Tx; startAfter?: Date }) => Promise<void>

/** The gap after the `attempt`-th failed try. */
export function retryGapMs(attempt: number, baseMs = env().WEBHOOK_RETRY_BASE_MS): number {
  return baseMs * GAP_FACTOR ** (attempt - 1)
}

const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`

const EVENT_OF_STATUS: Partial<Record<TaskStatus, WebhookEvent>> = { completed: 'task.completed', failed: 'task.failed', no_speech: 'task.no_speech' }

/**
 * Announces the end of a task to its owner's endpoints that asked for its event, once per event
 * per end (a retried task that ends again is a new event). Deliveries and their jobs are made
 * in one transaction. Answers how many deliveries were made.
 */
export async function announceTaskEnd({ taskId, enqueue }: { taskId: string; enqueue: EnqueueDelivery }): Promise<number> {
  const task = await taskEnd(taskId)
  const event = task && EVENT_OF_STATUS[task.status]
  if (!task || !event) return 0
  const data = { taskId: task.id, kind: task.kind, status: task.status, fileName: task.fileName, sourceLanguage: task.sourceLanguage, targetLanguage: task.targetLanguage, cost: task.cost, error: task.error }
  return announce({ userId: task.userId, event, subject: taskId, at: task.endedAt, data, enqueue })
}

/** Announces a completed dub (`dub.completed`) to its owner's endpoints that asked for it, once per completion. */
export async function announceDubEnd({ dubId, enqueue }: { dubId: string; enqueue: EnqueueDelivery }): Promise<number> {
  const dub = await dubEnd(dubId)
  if (!dub || dub.status !== 'completed' || !dub.completedAt) return 0
  const data = { dubId: dub.id, taskId: dub.taskId, status: dub.status, withOriginal: dub.withOriginal, price: dub.price, charged: dub.charged, flagged: dub.flagged }
  return announce({ userId: dub.userId, event: 'dub.completed', subject: dubId, at: dub.completedAt, data, enqueue })
}

/** One delivery per endpoint of the user that asked for the event, made with their jobs in one transaction. */
async function announce({ userId, event, subject, at, data, enqueue }: { userId: string; event: WebhookEvent; subject: string; at: Date; data: Record<string, unknown>; enqueue: EnqueueDelivery }): Promise<number> {
  const endpoints = await db.webhookEndpoint.findMany({ where: { userId, disabledAt: null, events: { has: event } }, select: { id: true } })
  if (endpoints.length === 0) return 0
  const body = JSON.stringify({ type: event, timestamp: at.toISOString(), data })
  const rows = endpoints.map((endpoint) => ({ id: newMessageId(), endpointId: endpoint.id, event, eventKey: `${endpoint.id}:${event}:${subject}:${at.getTime()}`, body }))
  return db.$transaction(async (tx) => {
    await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true })
    const made = await tx.webhookDelivery.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true } })
    for (const { id } of made) await enqueue({ deliveryId: id, tx })
    return made.length
  })
}

/** Queues a sample event to one of the creator's endpoints (the "send test event" button); answers its id. */
export async function sendTestEvent({ userId, endpointId, enqueue }: { userId: string; endpointId: string; enqueue: EnqueueDelivery }): Promise<{ id: string }> {
  await ownedEndpoint({ userId, endpointId })
  const id = newMessageId()
  const body = JSON.stringify({ type: TEST_EVENT, timestamp: new Date().toISOString(), data: { message: 'A test event from Subtitle Studio' } })
  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.create({ data: { id, endpointId, event: TEST_EVENT, eventKey: `${endpointId}:${TEST_EVENT}:${id}`, body } })
    await enqueue({ deliveryId: id, tx })
  })
  return { id }
}

export type AttemptResult = { done: true } | { done: false; retryAt: Date }

/**
 * One try of a delivery: signed afresh (the same webhook-id, this try's timestamp) and posted.
 * A 2xx within the timeout delivers it; anything else is tried again after a growing gap, until
 * MAX_ATTEMPTS, when it is marked failed. A delivery gone or already settled does nothing.
 */
export async function attemptDelivery({ deliveryId, now = new Date() }: { deliveryId: string; now?: Date }): Promise<AttemptResult> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } })
  if (!delivery || delivery.status !== 'pending' || delivery.endpoint.disabledAt) return { done: true }
  const timestamp = Math.floor(now.getTime() / 1000)
  const signature = signWebhook({ secret: openSecret(delivery.endpoint.secretSealed), id: delivery.id, timestamp, body: delivery.body })
  const result = await guardedPost(delivery.endpoint.url, { 'webhook-id': delivery.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, delivery.body)
  const attempts = delivery.attempts + 1
  const delivered = 'status' in result && result.status >= 200 && result.status < 300
  const lastCode = 'status' in result ? result.status : null
  const lastError = 'error' in result ? result.error : null
  if (delivered) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { attempts, lastCode, lastError, status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null } })
    return { done: true }
  }
  if (attempts >= MAX_ATTEMPTS) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { attempts, lastCode, lastError, status: 'failed', nextAttemptAt: null } })
    return { done: true }
  }
  const retryAt = new Date(Date.now() + retryGapMs(attempts))
  await db.webhookDelivery.update({ where: { id: deliveryId }, data: { attempts, lastCode, lastError, nextAttemptAt: retryAt } })
  return { done: false, retryAt }
}
