import type { NextRequest } from 'next/server'
import type { RawContract } from '@/lib/openapi/document'
import { readTextCapped } from '@/lib/http'
import { log } from '@/lib/log'
import { handleAirwallexWebhook } from '@/lib/payments'

const MAX_WEBHOOK_BYTES = 256 * 1024

// POST /api/wallex/webhook – Airwallex events, verified by HMAC over x-timestamp + raw body (the raw
// text is read before parsing so the signature covers exactly what was sent). 2xx stops retries.
export async function POST(req: NextRequest): Promise<Response> {
  try {
    // Read with the cap as it streams in: a larger body is refused without being held in memory.
    const rawBody = await readTextCapped(req, MAX_WEBHOOK_BYTES)
    if (rawBody === null) return Response.json({ received: false }, { status: 413 })
    const { status, outcome } = await handleAirwallexWebhook({ timestamp: req.headers.get('x-timestamp'), signature: req.headers.get('x-signature'), rawBody })
    return Response.json({ received: status < 300, outcome }, { status })
  } catch (error) {
    log.error('payments.airwallex_webhook_failed', { error })
    return Response.json({ received: false }, { status: 500 })
  }
}

POST.contract = {
  summary: 'Airwallex events, verified by HMAC over x-timestamp and the raw body',
  rawRequest: { contentType: 'application/json', description: 'An Airwallex event, signed in the x-timestamp and x-signature headers' },
  raw: [{ status: 200, description: 'Verified; the event is applied once (or ignored when it needs nothing)', contentType: 'application/json' }, { status: 400, description: 'Missing or wrong signature, a stale timestamp, or a malformed event', contentType: 'application/json' }],
} satisfies RawContract
