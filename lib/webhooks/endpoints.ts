import 'server-only'
import type { WebhookDelivery, WebhookEndpoint } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { CreatedWebhook, CreateWebhookInput, WebhookDeliveryDto, WebhookEndpointDto } from './contract'
import type { WebhookEvent } from './universal/events'
import { assertPublicUrl, RefusedAddressError } from './guarded-post'
import { sealSecret } from './sealed-secret'
import { newWebhookSecret } from './signature'

/** Endpoints one creator may register. */
export const MAX_ENDPOINTS_PER_USER = 10
/** Deliveries an endpoint's list shows (newest first). */
export const DELIVERIES_LISTED = 50

export function toEndpointDto(row: WebhookEndpoint): WebhookEndpointDto {
  return { id: row.id, url: row.url, events: row.events as WebhookEvent[], createdAt: row.createdAt.toISOString() }
}

function toDeliveryDto(row: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event,
    status: row.status as WebhookDeliveryDto['status'],
    attempts: row.attempts,
    lastCode: row.lastCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Registers an endpoint; the answer is the only place its signing secret is shown. */
export async function createWebhookEndpoint({ userId, input }: { userId: string; input: CreateWebhookInput }): Promise<CreatedWebhook> {
  if ((await db.webhookEndpoint.count({ where: { userId } })) >= MAX_ENDPOINTS_PER_USER) throw new AppError('conflict', 'webhookLimit', { max: MAX_ENDPOINTS_PER_USER })
  try {
    await assertPublicUrl(new URL(input.url))
  } catch (error) {
    // A name that does not resolve is refused like a private one: nothing could be delivered to it.
    throw new AppError('bad_request', error instanceof RefusedAddressError ? 'webhookUrlRefused' : 'webhookUrlInvalid')
  }
  const secret = newWebhookSecret()
  const row = await db.webhookEndpoint.create({ data: { userId, url: input.url, events: input.events, secretSealed: sealSecret(secret) } })
  return { endpoint: toEndpointDto(row), secret }
}

export async function listWebhookEndpoints({ userId }: { userId: string }): Promise<WebhookEndpointDto[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
  return rows.map(toEndpointDto)
}

/** Deletes an endpoint with its deliveries (a queued try finds nothing and stops). */
export async function deleteWebhookEndpoint({ userId, endpointId }: { userId: string; endpointId: string }): Promise<void> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: endpointId, userId } })
  if (count === 0) throw new AppError('not_found', 'notFound')
}

export async function ownedEndpoint({ userId, endpointId }: { userId: string; endpointId: string }): Promise<WebhookEndpoint> {
  const row = await db.webhookEndpoint.findFirst({ where: { id: endpointId, userId } })
  if (!row) throw new AppError('not_found', 'notFound')
  return row
}

/** An endpoint's latest deliveries with their status and the receiver's answer code. */
export async function listDeliveries({ userId, endpointId }: { userId: string; endpointId: string }): Promise<WebhookDeliveryDto[]> {
  await ownedEndpoint({ userId, endpointId })
  const rows = await db.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: DELIVERIES_LISTED })
  return rows.map(toDeliveryDto)
}
