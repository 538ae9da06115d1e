import type { NextRequest } from 'next/server'
import type { RawContract } from '@/lib/openapi/document'
import { readTextCapped } from '@/lib/http'
import { log } from '@/lib/log'
import { handleAlipayNotify } from '@/lib/payments'

const MAX_NOTIFY_BYTES = 64 * 1024

const text = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

// POST /api/alipay/notify – Alipay's asynchronous notification (form-encoded, verified by RSA2
// signature instead of the Origin check). Answers the literal `success`; anything else makes Alipay retry.
export async function POST(req: NextRequest): Promise<Response> {
  try {
    // Read with the cap as it streams in: a larger body is refused without being held in memory.
    const raw = await readTextCapped(req, MAX_NOTIFY_BYTES)
    if (raw === null) return text('fail', 413)
    const params = Object.fromEntries(new URLSearchParams(raw))
    const answer = await handleAlipayNotify(params)
    return answer.isAccepted ? text('success', 200) : text('fail', 400)
  } catch (error) {
    // Our own failure (database down): Alipay retries later, and reconciliation catches up anyway.
    log.error('payments.alipay_notify_failed', { error })
    return text('fail', 500)
  }
}

POST.contract = {
  summary: 'Alipay\'s asynchronous payment notification, verified by its RSA2 signature; answers the literal `success`',
  rawRequest: { contentType: 'application/x-www-form-urlencoded', description: 'Alipay\'s signed notification parameters' },
  raw: [{ status: 200, description: 'Verified and applied (or already applied)', contentType: 'text/plain' }, { status: 400, description: 'A bad signature or a malformed notification: answers `fail`', contentType: 'text/plain' }],
} satisfies RawContract
