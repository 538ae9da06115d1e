import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import type http from 'node:http'
import { checkoutPage, deliverCallback, escapeHtml, readText, type Delivery } from './deliver'
import { sendJson, startFakeServer, type FakeServer } from './server'

type IntentStatus = 'REQUIRES_PAYMENT_METHOD' | 'SUCCEEDED' | 'CANCELLED'
export type Intent = {
  id: string
  request_id: string
  amount: number
  currency: string
  merchant_order_id: string
  status: IntentStatus
  captured_amount: number
  client_secret: string
  metadata?: Record<string, unknown>
  created_at: string
  updated_at: string
}

export type AirwallexFake = FakeServer & {
  intents: Map<string, Intent>
  webhooks: Delivery[]
  /** Where signed webhooks go (set once the app's address is known). */
  webhookUrl: string | undefined
  /** Completes an intent as a paying customer would; `webhook: false` loses the webhook. */
  succeed(intentId: string, options?: { webhook?: boolean }): Promise<{ body: string; headers: Record<string, string> }>
}

/** Airwallex's webhook signature: hex HMAC-SHA256 of the timestamp (ms) followed by the raw body. */
export function signAirwallexWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(timestamp + body).digest('hex')
}

/** A webhook event with its signed headers, as Airwallex sends one. */
export function airwallexEvent(secret: string, name: string, intent: Intent, timestamp = String(Date.now())): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, name, accountId: 'acct_sandbox', version: '2024-09-27', createdAt: new Date().toISOString(), data: { object: intent } })
  return { body, headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signAirwallexWebhook(secret, timestamp, body) } }
}

/**
 * Starts a fake of Airwallex's payment API. Rules: `POST /api/v1/authentication/login` with the
 * client id and API key answers 201 `{ token, expires_at }`; a token older than `tokenTtlMs` is
 * refused with 401; creating an intent twice with one `request_id` answers the same intent;
 * `/checkout` is a hosted payment page whose "Pay" sets SUCCEEDED, sends a signed
 * `payment_intent.succeeded` webhook (retried until a 2xx) and redirects to successUrl, and whose
 * "Cancel" redirects to failUrl. `/sandbox/intents/{id}/succeed` (POST, `?webhook=0` to lose
 * the webhook) and `/sandbox/webhooks` (GET) let tests steer and inspect it.
 */
export async function startAirwallexFake({
  clientId,
  apiKey,
  webhookSecret,
  webhookUrl,
  port,
  tokenTtlMs = 30 * 60_000,
  webhookRetryDelaysMs = [1000, 2000, 5000, 10_000, 30_000],
}: {
  clientId: string
  apiKey: string
  webhookSecret: string
  webhookUrl?: string
  port?: number
  tokenTtlMs?: number
  webhookRetryDelaysMs?: number[]
}): Promise<AirwallexFake> {
  const intents = new Map<string, Intent>()
  const byRequestId = new Map<string, string>()
  const tokens = new Map<string, number>()
  const webhooks: Delivery[] = []
  const state: { webhookUrl: string | undefined } = { webhookUrl }

  const error = (res: http.ServerResponse, status: number, code: string, message: string, source?: string) =>
    sendJson(res, status, { code, message, ...(source ? { source } : {}), trace_id: randomUUID() })

  function isAuthorized(req: http.IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const expires = token ? tokens.get(token) : undefined
    return expires !== undefined && expires > Date.now()
  }

  async function succeed(intentId: string, { webhook = true }: { webhook?: boolean } = {}) {
    const intent = intents.get(intentId)
    if (!intent) throw new Error(`unknown intent ${intentId}`)
    if (intent.status !== 'SUCCEEDED') {
      intent.status = 'SUCCEEDED'
      intent.captured_amount = intent.amount
      intent.updated_at = new Date().toISOString()
    }
    const event = airwallexEvent(webhookSecret, 'payment_intent.succeeded', intent)
    if (webhook && state.webhookUrl) {
      void deliverCallback({
        url: state.webhookUrl,
        body: event.body,
        headers: event.headers,
        isAccepted: (status) => status >= 200 && status < 300,
        retryDelaysMs: webhookRetryDelaysMs,
        log: webhooks,
      })
    }
    return event
  }

  function checkout(res: http.ServerResponse, q: URLSearchParams) {
    const intent = intents.get(q.get('intent_id') ?? '')
    if (!intent || intent.client_secret !== q.get('client_secret')) return error(res, 404, 'resource_not_found', 'The payment intent was not found.')
    const hidden = ['intent_id', 'client_secret', 'successUrl', 'failUrl'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('')
    const html = checkoutPage({
      title: 'Airwallex checkout (sandbox)',
      lang: 'en',
      lines: [
        `<p class="amount" data-testid="airwallex-amount">${escapeHtml(intent.currency)} ${intent.amount.toFixed(2)}</p>`,
        `<p>Card 4242 4242 4242 4242 · 12/34 · 123</p>`,
        `<p>Order ${escapeHtml(intent.merchant_order_id)}</p>`,
      ],
      actions: `<form method="post" action="/checkout/pay">${hidden}<button class="pay" type="submit" data-testid="airwallex-pay">Pay</button></form>
<form method="post" action="/checkout/cancel">${hidden}<button type="submit" data-testid="airwallex-cancel">Cancel</button></form>`,
    })
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  }

  const server = await startFakeServer({
    name: 'airwallex',
    port,
    handler: async (req, res, ctx) => {
      const path = ctx.url.pathname
      if (path === '/api/v1/authentication/login' && req.method === 'POST') {
        if (req.headers['x-client-id'] !== clientId || req.headers['x-api-key'] !== apiKey) return error(res, 401, 'credentials_invalid', 'Invalid client id or API key.')
        const token = randomBytes(24).toString('base64url')
        const expiresAt = Date.now() + tokenTtlMs
        tokens.set(token, expiresAt)
        ctx.count('logins')
        return sendJson(res, 201, { token, expires_at: new Date(expiresAt).toISOString() })
      }
      if (path.startsWith('/api/v1/pa/')) {
        if (!isAuthorized(req)) return error(res, 401, 'unauthorized', 'Access denied, authentication failed.')
        if (path === '/api/v1/pa/payment_intents/create' && req.method === 'POST') {
          let body: Record<string, unknown>
          try {
            body = JSON.parse(await readText(req)) as Record<string, unknown>
          } catch {
            return error(res, 400, 'validation_error', 'The request body is not valid JSON.')
          }
          for (const field of ['request_id', 'amount', 'currency', 'merchant_order_id'] as const) {
            if (body[field] === undefined || body[field] === '') return error(res, 400, 'validation_error', `${field} is required.`, field)
          }
          if (typeof body.amount !== 'number' || !(body.amount > 0)) return error(res, 400, 'validation_error', 'amount must be a positive number.', 'amount')
          const known = byRequestId.get(String(body.request_id))
          if (known) return sendJson(res, 201, intents.get(known))
          const now = new Date().toISOString()
          const id = `int_${randomBytes(12).toString('hex')}`
          const intent: Intent = {
            id,
            request_id: String(body.request_id),
            amount: body.amount,
            currency: String(body.currency).toUpperCase(),
            merchant_order_id: String(body.merchant_order_id),
            status: 'REQUIRES_PAYMENT_METHOD',
            captured_amount: 0,
            client_secret: `cs_${randomBytes(18).toString('base64url')}`,
            metadata: (body.metadata as Record<string, unknown>) ?? undefined,
            created_at: now,
            updated_at: now,
          }
          intents.set(id, intent)
          byRequestId.set(intent.request_id, id)
          ctx.count('intents_created')
          return sendJson(res, 201, intent)
        }
        const retrieve = /^\/api\/v1\/pa\/payment_intents\/([\w-]+)$/.exec(path)
        if (retrieve && req.method === 'GET') {
          const intent = intents.get(retrieve[1])
          return intent ? sendJson(res, 200, intent) : error(res, 404, 'resource_not_found', 'The payment intent was not found.')
        }
        return error(res, 404, 'resource_not_found', 'Unknown endpoint.')
      }
      if (path === '/checkout' && req.method === 'GET') return checkout(res, ctx.url.searchParams)
      if ((path === '/checkout/pay' || path === '/checkout/cancel') && req.method === 'POST') {
        const form = new URLSearchParams(await readText(req))
        const intent = intents.get(form.get('intent_id') ?? '')
        if (!intent || intent.client_secret !== form.get('client_secret')) return error(res, 404, 'resource_not_found', 'The payment intent was not found.')
        if (path.endsWith('/pay')) await succeed(intent.id)
        res.writeHead(302, { location: form.get(path.endsWith('/pay') ? 'successUrl' : 'failUrl') ?? '/' })
        res.end()
        return
      }
      const succeedMatch = /^\/sandbox\/intents\/([\w-]+)\/succeed$/.exec(path)
      if (succeedMatch && req.method === 'POST') {
        if (!intents.has(succeedMatch[1])) return error(res, 404, 'resource_not_found', 'The payment intent was not found.')
        return sendJson(res, 200, await succeed(succeedMatch[1], { webhook: ctx.url.searchParams.get('webhook') !== '0' }))
      }
      if (path === '/sandbox/webhooks') return sendJson(res, 200, webhooks)
      error(res, 404, 'resource_not_found', 'Not found.')
    },
  })
  const fake = Object.assign(server, { intents, webhooks, succeed }) as AirwallexFake
  Object.defineProperty(fake, 'webhookUrl', { get: () => state.webhookUrl, set: (url: string | undefined) => void (state.webhookUrl = url), enumerable: true })
  return fake
}
