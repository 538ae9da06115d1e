import 'server-only'
import { AlipaySdk } from 'alipay-sdk'
import type { Order } from '@prisma/client'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { formatAmount } from '@/lib/orders'
import { settleOrder, type SettleResult } from './settle'

/** Trade statuses that mean the buyer paid (TRADE_FINISHED can follow TRADE_SUCCESS for one trade). */
const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED'])
// The DER of a PKCS#8 RSA key names the rsaEncryption algorithm; a PKCS#1 key does not.
const RSA_ENCRYPTION_OID = Buffer.from('06092a864886f70d010101', 'hex')

let cached: { key: string; sdk: AlipaySdk } | undefined

/** Whether Alipay is configured (app id and both keys). */
export function isAlipayConfigured(): boolean {
  const e = env()
  return Boolean(e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY)
}

/** Keys arrive as PEM or as the bare base64 the Alipay console shows, PKCS#1 or PKCS#8. */
function keyType(privateKey: string): 'PKCS1' | 'PKCS8' {
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1'
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8'
  const der = Buffer.from(privateKey.replace(/\s+/g, ''), 'base64')
  return der.subarray(0, 40).includes(RSA_ENCRYPTION_OID) ? 'PKCS8' : 'PKCS1'
}

const unescapeNewlines = (key: string) => key.replace(/\\n/g, '\n').trim()

function alipay(): AlipaySdk {
  const e = env()
  if (!isAlipayConfigured()) throw new AppError('unavailable', 'paymentUnavailable')
  const cacheKey = [e.ALIPAY_APP_ID, e.ALIPAY_GATEWAY, e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PUBLIC_KEY].join('|')
  if (cached?.key !== cacheKey) {
    const privateKey = unescapeNewlines(e.ALIPAY_PRIVATE_KEY!)
    const sdk = new AlipaySdk({
      appId: e.ALIPAY_APP_ID!,
      privateKey,
      keyType: keyType(privateKey),
      alipayPublicKey: unescapeNewlines(e.ALIPAY_PUBLIC_KEY!),
      gateway: e.ALIPAY_GATEWAY,
      signType: 'RSA2',
      timeout: 10_000,
    })
    cached = { key: cacheKey, sdk }
  }
  return cached.sdk
}

/**
 * The signed page-pay URL of an unpaid order (computer-website payment). Alipay sends the buyer
 * back to `returnUrl` and the result to our notify endpoint on the same origin.
 */
export function alipayPageUrl({ order, subject, origin, returnPath }: { order: Order; subject: string; origin: string; returnPath: string }): string {
  return alipay().pageExecute('alipay.trade.page.pay', 'GET', {
    bizContent: { outTradeNo: order.orderId, totalAmount: formatAmount(order.price), subject, productCode: 'FAST_INSTANT_TRADE_PAY', timeoutExpress: '2h' },
    returnUrl: `${origin}${returnPath}`,
    notifyUrl: `${origin}/api/alipay/notify`,
  })
}

export type AlipayTrade = { status: string; desc: string; tradeNo: string | null; outTradeNo: string; totalAmount: string | null }

/**
 * Asks Alipay's trade query (response signature verified). "Not yet paid" comes back as
 * ACQ.TRADE_NOT_EXIST, a normal state reported as status TRADE_NOT_EXIST.
 */
export async function queryAlipayTrade(outTradeNo: string): Promise<AlipayTrade> {
  let result: Record<string, unknown>
  try {
    result = (await alipay().exec('alipay.trade.query', { bizContent: { outTradeNo } }, { validateSign: true })) as Record<string, unknown>
  } catch (error) {
    log.error('payments.alipay_query_failed', { orderId: outTradeNo, error })
    throw new AppError('upstream_failed', 'paymentQueryFailed')
  }
  if (result.code === '10000') {
    return { status: String(result.tradeStatus), desc: String(result.msg ?? ''), tradeNo: (result.tradeNo as string) ?? null, outTradeNo, totalAmount: (result.totalAmount as string) ?? null }
  }
  if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'TRADE_NOT_EXIST', desc: String(result.subMsg ?? result.msg ?? ''), tradeNo: null, outTradeNo, totalAmount: null }
  log.error('payments.alipay_query_refused', { orderId: outTradeNo, code: String(result.code), subCode: String(result.subCode ?? '') })
  throw new AppError('upstream_failed', 'paymentQueryFailed')
}

/** Applies a paid trade from a query the same way as a notification. */
export async function settleAlipayTrade(trade: AlipayTrade): Promise<SettleResult | null> {
  if (!PAID_STATUSES.has(trade.status) || !trade.tradeNo || !trade.totalAmount) return null
  return settleOrder({ provider: 'alipay', orderId: trade.outTradeNo, amount: trade.totalAmount, currency: 'CNY', providerRef: trade.tradeNo })
}

export type NotifyAnswer = { isAccepted: boolean; outcome: string }

/**
 * Handles Alipay's asynchronous notification (the decoded form). Rules: a bad signature is
 * refused (Alipay retries, we grant nothing); a genuine one for another app, an unknown order or a
 * different amount is accepted and ignored (logged) so Alipay stops retrying; a paid status
 * settles the order exactly once.
 */
export async function handleAlipayNotify(params: Record<string, string>): Promise<NotifyAnswer> {
  if (!isAlipayConfigured() || !alipay().checkNotifySignV2(params)) {
    log.warn('payments.alipay_bad_signature', { orderId: params.out_trade_no ?? '' })
    return { isAccepted: false, outcome: 'bad_signature' }
  }
  if (params.app_id !== env().ALIPAY_APP_ID) {
    log.warn('payments.alipay_other_app', { orderId: params.out_trade_no ?? '' })
    return { isAccepted: true, outcome: 'other_app' }
  }
  if (!PAID_STATUSES.has(params.trade_status ?? '')) return { isAccepted: true, outcome: 'not_paid' }
  const result = await settleOrder({
    provider: 'alipay',
    orderId: params.out_trade_no ?? '',
    amount: params.total_amount ?? '',
    currency: 'CNY',
    providerRef: params.trade_no ?? '',
    eventId: params.notify_id,
    payload: params,
  })
  return { isAccepted: true, outcome: result.outcome }
}
