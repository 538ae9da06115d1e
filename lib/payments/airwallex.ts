import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Order } from '@prisma/client'
import { z } from 'zod'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { orderRequestId } from '@/lib/orders'
import { settleOrder, type SettleResult } from './settle'

// Plain REST over fetch: the official Node SDK is a beta with no base-URL override and telemetry on.

/** Webhooks older than this are refused (a replayed capture cannot be applied later). */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000
const TOKEN_MARGIN_MS = 60_000

const intentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  merchant_order_id: z.string(),
  status: z.string(),
  client_secret: z.string().optional(),
})
export type PaymentIntent = z.infer<typeof intentSchema>

const eventSchema = z.object({ id: z.string(), name: z.string(), data: z.object({ object: z.unknown() }) })

let token: { value: string; expiresAt: number; key: string } | undefined

/** Whether Airwallex is configured (client id, API key and webhook secret). */
export function isAirwallexConfigured(): boolean {
  const e = env()
  return Boolean(e.AIRWALLEX_CLIENT_ID && e.AIRWALLEX_API_KEY && e.AIRWALLEX_WEBHOOK_SECRET)
}

function settings() {
  const e = env()
  if (!isAirwallexConfigured()) throw new AppError('unavailable', 'paymentUnavailable')
  return { base: e.AIRWALLEX_BASE_URL.replace(/\/$/, ''), clientId: e.AIRWALLEX_CLIENT_ID!, apiKey: e.AIRWALLEX_API_KEY!, secret: e.AIRWALLEX_WEBHOOK_SECRET! }
}

/** A bearer token, logged in again shortly before it expires (tokens last 30 minutes). */
async function bearer({ isFresh = false } = {}): Promise<string> {
  const { base, clientId, apiKey } = settings()
  const key = `${base}|${clientId}`
  if (!isFresh && token && token.key === key && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value
  const res = await fetch(`${base}/api/v1/authentication/login`, { method: 'POST', headers: { 'x-client-id': clientId, 'x-api-key': apiKey }, signal: AbortSignal.timeout(10_000) })
  const body = (await res.json().catch(() => null)) as { token?: string; expires_at?: string } | null
  if (!res.ok || !body?.token) {
    log.error('payments.airwallex_login_failed', { status: res.status })
    throw new AppError('upstream_failed', 'cardPaymentFailed')
  }
  const expiresAt = body.expires_at ? Date.parse(body.expires_at) : Date.now() + 30 * 60_000
  token = { value: body.token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + 25 * 60_000, key }
  return token.value
}

/** One authenticated call; a 401 (token expired early, rotated key) logs in again once. */
async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }, failure: 'cardPaymentFailed' | 'paymentQueryFailed'): Promise<unknown> {
  const { base } = settings()
  for (let attempt = 0; attempt < 2; attempt++) {
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: { authorization: `Bearer ${await bearer({ isFresh: attempt > 0 })}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      log.error('payments.airwallex_unreachable', { path, error })
      throw new AppError('upstream_failed', failure)
    }
    if (res.status === 401 && attempt === 0) continue
    const body = await res.json().catch(() => null)
    if (res.ok) return body
    const problem = (body ?? {}) as { code?: string; message?: string }
    log.error('payments.airwallex_refused', { path, status: res.status, code: problem.code ?? '' })
    if (res.status === 404) throw new AppError('not_found', 'orderNotFound')
    throw new AppError('upstream_failed', failure)
  }
  throw new AppError('upstream_failed', failure)
}

/**
 * Creates the payment intent of an unpaid card order. The order id (as a UUID) is the request_id,
 * so a retried create answers the same intent instead of a second one.
 */
export async function createPaymentIntent(order: Order): Promise<PaymentIntent & { client_secret: string }> {
  const body = await call(
    '/api/v1/pa/payment_intents/create',
    {
      method: 'POST',
      body: { request_id: orderRequestId(order.orderId), amount: order.price.toNumber(), currency: order.currency, merchant_order_id: order.orderId, metadata: { points: order.points } },
    },
    'cardPaymentFailed',
  )
  const intent = intentSchema.safeParse(body)
  if (!intent.success || !intent.data.client_secret) throw new AppError('upstream_failed', 'cardPaymentFailed')
  return { ...intent.data, client_secret: intent.data.client_secret }
}

/** Retrieves a payment intent by id. */
export async function retrievePaymentIntent(intentId: string): Promise<PaymentIntent> {
  const intent = intentSchema.safeParse(await call(`/api/v1/pa/payment_intents/${encodeURIComponent(intentId)}`, { method: 'GET' }, 'paymentQueryFailed'))
  if (!intent.success) throw new AppError('upstream_failed', 'paymentQueryFailed')
  return intent.data
}

/** Applies a SUCCEEDED intent to its order (amount, currency and intent checked by settleOrder). */
export async function settleIntent(intent: PaymentIntent, event?: { id: string; payload: unknown }): Promise<SettleResult | null> {
  if (intent.status !== 'SUCCEEDED') return null
  return settleOrder({ provider: 'airwallex', orderId: intent.merchant_order_id, amount: intent.amount, currency: intent.currency, providerRef: intent.id, eventId: event?.id, payload: event?.payload })
}

export type WebhookCheck = 'ok' | 'bad_signature' | 'stale'

/** Checks a webhook: HMAC-SHA256 of x-timestamp + raw body (hex), and a timestamp at most 5 minutes old. */
export function checkWebhook({ timestamp, signature, rawBody, now = Date.now() }: { timestamp: string | null; signature: string | null; rawBody: string; now?: number }): WebhookCheck {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp)) return 'bad_signature'
  const expected = createHmac('sha256', settings().secret).update(timestamp + rawBody).digest()
  const given = Buffer.from(signature, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature'
  if (Math.abs(now - Number(timestamp)) > WEBHOOK_MAX_AGE_MS) return 'stale'
  return 'ok'
}

/**
 * Handles a webhook: refused unless signed and fresh; a succeeded intent settles its order once
 * (duplicates and other events are accepted and change nothing).
 */
export async function handleAirwallexWebhook({ timestamp, signature, rawBody }: { timestamp: string | null; signature: string | null; rawBody: string }): Promise<{ status: number; outcome: string }> {
  if (!isAirwallexConfigured()) return { status: 503, outcome: 'not_configured' }
  const check = checkWebhook({ timestamp, signature, rawBody })
  if (check !== 'ok') {
    log.warn('payments.airwallex_webhook_refused', { reason: check })
    return { status: 400, outcome: check }
  }
  let parsed: z.infer<typeof eventSchema>
  try {
    parsed = eventSchema.parse(JSON.parse(rawBody))
  } catch {
    return { status: 400, outcome: 'malformed' }
  }
  if (parsed.name !== 'payment_intent.succeeded') return { status: 200, outcome: 'ignored' }
  const intent = intentSchema.safeParse(parsed.data.object)
  if (!intent.success) return { status: 400, outcome: 'malformed' }
  const result = await settleIntent(intent.data, { id: parsed.id, payload: parsed })
  return { status: 200, outcome: result?.outcome ?? 'not_succeeded' }
}
