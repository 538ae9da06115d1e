// Payments end to end at the API: our route handlers against the Alipay and Airwallex fakes, which
// speak the real protocols (RSA2-signed gateway calls and notifies, HMAC-signed webhooks).
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST as createAlipayUrl } from '@/app/api/alipay/create_alipay_url/route'
import { POST as alipayNotify } from '@/app/api/alipay/notify/route'
import { POST as queryOrder } from '@/app/api/alipay/query_order/route'
import { POST as orderList } from '@/app/api/order/query_order_list/route'
import { POST as productList } from '@/app/api/product/list/route'
import { POST as transList } from '@/app/api/product/trans_list/route'
import { POST as createPayment } from '@/app/api/wallex/create_payment/route'
import { POST as queryPayment } from '@/app/api/wallex/query_payment/route'
import { POST as webhook } from '@/app/api/wallex/webhook/route'
import { bearer, call } from '@/test/route-harness'
import { deleteUser } from '@/lib/accounts/users'
import { createSession } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { getBalance } from '@/lib/points'
import { seed } from '@/prisma/seed'
import { airwallexEvent, generateAlipayKeys, signAlipayParams, startAirwallexFake, startAlipayFake, type AirwallexFake, type AlipayFake } from '@/fakes'
import { startSmtpFake, type SmtpFake } from '@/fakes/smtp'
import { startPaymentReconciliation } from '@/lib/jobs/reconcile'
import { stopBoss } from '@/lib/jobs/boss'
import { reconcileUnpaidOrders } from './reconcile'

const APP_ID = '9021000000000042'
const keys = generateAlipayKeys()
let alipay: AlipayFake
let airwallex: AirwallexFake
let smtp: SmtpFake
let buyer: { id: string; token: string }
let manager: { id: string }

const form = (params: Record<string, string>) => ({ raw: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } })
const notify = (params: Record<string, string>) => call(alipayNotify, '/api/alipay/notify', form(params))
const asBuyer = (extra: Record<string, string> = {}) => ({ ...bearer(buyer.token), ...extra })
const entriesOf = (orderId: string) => db.pointEntry.findMany({ where: { orderId } })

beforeAll(async () => {
  alipay = await startAlipayFake({ appId: APP_ID, appPublicKey: keys.appPublicKey, alipayPrivateKey: keys.alipayPrivateKey, notifyRetryDelaysMs: [] })
  airwallex = await startAirwallexFake({ clientId: 'cid', apiKey: 'key', webhookSecret: 'whsec_test', webhookRetryDelaysMs: [] })
  smtp = await startSmtpFake()
  Object.assign(process.env, {
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: keys.appPrivateKey,
    ALIPAY_PUBLIC_KEY: keys.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gateway,
    AIRWALLEX_CLIENT_ID: 'cid',
    AIRWALLEX_API_KEY: 'key',
    AIRWALLEX_WEBHOOK_SECRET: 'whsec_test',
    AIRWALLEX_BASE_URL: airwallex.url,
    SMTP_URL: smtp.smtpUrl,
  })
  await seed({ withDemo: false })
  const user = await db.user.create({ data: { email: 'buyer@example.com', name: 'Buyer' } })
  buyer = { id: user.id, token: await createSession({ userId: user.id }) }
  manager = await db.user.create({ data: { email: 'boss@example.com', name: 'Boss', isAdmin: true } })
})

afterAll(async () => {
  await Promise.all([alipay?.close(), airwallex?.close(), smtp?.close()])
})

/** Creates an Alipay order through the API and opens its page as the buyer's browser would. */
async function alipayOrder(productId = 1): Promise<string> {
  const answer = await call(createAlipayUrl, '/api/alipay/create_alipay_url', { body: { id: productId }, headers: asBuyer() })
  expect(answer.code).toBe(20000)
  const page = await fetch(answer.data.url)
  expect(page.status).toBe(200)
  return answer.data.orderId as string
}

async function cardOrder(productId = 11): Promise<{ orderId: string; intentId: string }> {
  const answer = await call(createPayment, '/api/wallex/create_payment', { body: { id: productId }, headers: asBuyer(), host: 'intl.localhost:3000' })
  expect(answer.code).toBe(20000)
  return { orderId: answer.data.orderId, intentId: answer.data.id }
}

describe('catalogue and orders', () => {
  it('lists each catalogue smallest pack first, with both prices and the minutes a pack buys', async () => {
    const list = await call(productList, '/api/product/list')
    expect(list.code).toBe(20000)
    expect(list.data[0]).toEqual({ id: 1, points: 300, originalPrice: 19.9, dollarPrice: 2.99, minutes: 30 })
    const trans = await call(transList, '/api/product/trans_list')
    expect(trans.data.map((p: { id: number }) => p.id)).toEqual([11, 12])
  })

  it('pages the buyer\'s orders newest first in the order page object', async () => {
    const other = await db.user.create({ data: { email: 'other@example.com', name: 'Other' } })
    await db.order.create({ data: { orderId: 'f'.repeat(32), userId: other.id, productId: 1, points: 300, channel: 'alipay', price: '19.90', currency: 'CNY' } })
    for (let i = 0; i < 12; i++) {
      await db.order.create({ data: { orderId: `a${String(i).padStart(31, '0')}`, userId: buyer.id, productId: 1, points: 300, channel: 'alipay', price: '19.90', currency: 'CNY', createTime: new Date(Date.UTC(2026, 0, 1 + i)) } })
    }
    const first = await call(orderList, '/api/order/query_order_list', { body: { page: 1, size: 10 }, headers: asBuyer() })
    expect(first.data).toMatchObject({ pageNum: 1, pageSize: 10, totalCount: 12, totalPages: 2, hasNextPage: true, hasPrevPage: false })
    expect(first.data.list[0]).toMatchObject({ orderId: `a${'11'.padStart(31, '0')}`, status: 1, channel: 1, price: 19.9, productName: '300 points', productId: 1 })
    const second = await call(orderList, '/api/order/query_order_list', { body: { page: 2, size: 10 }, headers: asBuyer() })
    expect(second.data.list).toHaveLength(2)
    expect(second.data.hasPrevPage).toBe(true)
    const bad = await call(orderList, '/api/order/query_order_list', { body: { page: 0 }, headers: asBuyer() })
    expect(bad.code).toBe(40000)
    await db.order.deleteMany({ where: { userId: buyer.id } })
  })

  it('refuses an unknown pack and a card payment on a host without card payment', async () => {
    const unknown = await call(createAlipayUrl, '/api/alipay/create_alipay_url', { body: { id: 999 }, headers: asBuyer() })
    expect([unknown.status, unknown.msg]).toEqual([404, 'This points pack is not available'])
    // A real international host that is not the production host offers no card payment.
    process.env.SITE_HOST_INTL = 'subtitles.example'
    try {
      const card = await call(createPayment, '/api/wallex/create_payment', { body: { id: 11 }, headers: asBuyer(), host: 'subtitles.example' })
      expect([card.status, card.code, card.msg]).toEqual([403, 40300, 'Card payment is not available on this site'])
    } finally {
      delete process.env.SITE_HOST_INTL
    }
    expect(await db.order.count({ where: { userId: buyer.id } })).toBe(0)
  })
})

describe('Alipay', () => {
  it('signs a page-pay URL the gateway accepts, for an unpaid yuan order returning to the dashboard', async () => {
    const answer = await call(createAlipayUrl, '/api/alipay/create_alipay_url', { body: { id: 2 }, headers: asBuyer({ 'x-locale': 'ja-JP' }) })
    const url = new URL(answer.data.url)
    expect(url.origin + url.pathname).toBe(alipay.gateway)
    expect(url.searchParams.get('return_url')).toBe('http://cn.localhost:3000/ja-JP/dashboard')
    expect(url.searchParams.get('notify_url')).toBe('http://cn.localhost:3000/api/alipay/notify')
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: answer.data.orderId, total_amount: '59.90', product_code: 'FAST_INSTANT_TRADE_PAY' })
    expect((await fetch(url)).status).toBe(200)
    // A tampered URL fails the gateway's signature check.
    url.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace('59.90', '0.01'))
    expect((await fetch(url)).status).toBe(400)
    const order = await db.order.findUniqueOrThrow({ where: { orderId: answer.data.orderId } })
    expect(order).toMatchObject({ status: 'unpaid', channel: 'alipay', currency: 'CNY', points: 1000, userId: buyer.id })
  })

  it('grants once for a notification replayed 20 times in a row, and answers success each time', async () => {
    const orderId = await alipayOrder(1)
    const before = await getBalance({ userId: buyer.id })
    const params = await alipay.pay(orderId, { notify: false })
    for (let i = 0; i < 20; i++) {
      const answer = await notify(params)
      expect([answer.status, answer.text]).toEqual([200, 'success'])
    }
    expect(await getBalance({ userId: buyer.id })).toBe(before + 300)
    const entries = await entriesOf(orderId)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ delta: 300, reason: 'purchase', idempotencyKey: `order:${orderId}` })
    const order = await db.order.findUniqueOrThrow({ where: { orderId } })
    expect(order.status).toBe('paid')
    const lot = await db.pointLot.findFirstOrThrow({ where: { orderId } })
    const year = new Date(order.paidAt!)
    year.setUTCFullYear(year.getUTCFullYear() + 1)
    expect(lot.expiresAt.toISOString()).toBe(year.toISOString())
  })

  it('grants once for 20 copies of a notification arriving at once', async () => {
    const orderId = await alipayOrder(3)
    const before = await getBalance({ userId: buyer.id })
    const params = await alipay.pay(orderId, { notify: false })
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(params)))
    expect(answers.every((a) => a.text === 'success')).toBe(true)
    expect(await getBalance({ userId: buyer.id })).toBe(before + 3000)
    expect(await entriesOf(orderId)).toHaveLength(1)
  })

  it('refuses forged and tampered notifications and ignores wrong amounts and unknown orders, granting nothing', async () => {
    const orderId = await alipayOrder(1)
    const before = await getBalance({ userId: buyer.id })
    const genuine = await alipay.pay(orderId, { notify: false })
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
    const { sign: _sign, ...unsigned } = genuine
    void _sign
    const forged = signAlipayParams(unsigned, forger.privateKey)
    expect([(await notify(forged)).status, (await notify(forged)).text]).toEqual([400, 'fail'])
    const tampered = { ...genuine, total_amount: '0.01' }
    expect((await notify(tampered)).text).toBe('fail')
    expect((await notify({ ...unsigned })).text).toBe('fail')
    // Genuinely signed by Alipay, but not what the order costs: accepted so Alipay stops, not applied.
    const wrongAmount = signAlipayParams({ ...unsigned, total_amount: '1.00' }, keys.alipayPrivateKey)
    expect((await notify(wrongAmount)).text).toBe('success')
    const unknown = signAlipayParams({ ...unsigned, out_trade_no: 'b'.repeat(32) }, keys.alipayPrivateKey)
    expect((await notify(unknown)).text).toBe('success')
    const otherApp = signAlipayParams({ ...unsigned, app_id: '2021000000000999' }, keys.alipayPrivateKey)
    expect((await notify(otherApp)).text).toBe('success')
    expect(await getBalance({ userId: buyer.id })).toBe(before)
    expect((await db.order.findUniqueOrThrow({ where: { orderId } })).status).toBe('unpaid')
    expect(await entriesOf(orderId)).toHaveLength(0)
  })

  it('never grants an unpaid order, however often it is queried or reconciled', async () => {
    const orderId = await alipayOrder(1)
    const answer = await call(queryOrder, '/api/alipay/query_order', { body: { outTradeNo: orderId }, headers: asBuyer() })
    expect(answer.data).toMatchObject({ status: 'WAIT_BUYER_PAY', outTradeNo: orderId, orderStatus: 1 })
    const never = await call(createAlipayUrl, '/api/alipay/create_alipay_url', { body: { id: 1 }, headers: asBuyer() })
    const notOpened = await call(queryOrder, '/api/alipay/query_order', { body: { outTradeNo: never.data.orderId }, headers: asBuyer() })
    expect(notOpened.data).toMatchObject({ status: 'TRADE_NOT_EXIST', orderStatus: 1 })
    await reconcileUnpaidOrders()
    for (const id of [orderId, never.data.orderId]) {
      expect((await db.order.findUniqueOrThrow({ where: { orderId: id } })).status).toBe('unpaid')
      expect(await entriesOf(id)).toHaveLength(0)
    }
    // Another user's order is not found, not queried.
    const stranger = await db.user.create({ data: { email: 'stranger@example.com', name: 'Stranger' } })
    const strangerAnswer = await call(queryOrder, '/api/alipay/query_order', { body: { outTradeNo: orderId }, headers: bearer(await createSession({ userId: stranger.id })) })
    expect(strangerAnswer.status).toBe(404)
  })

  it('grants once when a query finds a payment whose notification was lost, and mails a receipt', async () => {
    const orderId = await alipayOrder(2)
    const before = await getBalance({ userId: buyer.id })
    await alipay.pay(orderId, { notify: false })
    const first = await call(queryOrder, '/api/alipay/query_order', { body: { outTradeNo: orderId }, headers: asBuyer() })
    expect(first.data).toMatchObject({ status: 'TRADE_SUCCESS', orderStatus: 2, totalAmount: '59.90', balance: before + 1000 })
    const again = await call(queryOrder, '/api/alipay/query_order', { body: { outTradeNo: orderId }, headers: asBuyer() })
    expect(again.data.orderStatus).toBe(2)
    await notify(alipay.notificationFor(orderId))
    expect(await getBalance({ userId: buyer.id })).toBe(before + 1000)
    const receipt = smtp.messages.find((m) => m.text.includes(orderId))
    expect(receipt?.to).toEqual(['buyer@example.com'])
    expect(receipt?.subject).toContain('1,000 积分')
  })
})

describe('Airwallex', () => {
  it('creates one intent per order (the order is the idempotency key) and answers id, clientSecret and currency', async () => {
    const answer = await call(createPayment, '/api/wallex/create_payment', { body: { id: 12 }, headers: asBuyer(), host: 'intl.localhost:3000' })
    expect(answer.data).toMatchObject({ currency: 'USD', env: 'demo' })
    expect(answer.data.id).toMatch(/^int_/)
    expect(answer.data.clientSecret).toBeTruthy()
    const intent = airwallex.intents.get(answer.data.id)!
    expect(intent).toMatchObject({ amount: 38.99, currency: 'USD', merchant_order_id: answer.data.orderId })
    const order = await db.order.findUniqueOrThrow({ where: { orderId: answer.data.orderId } })
    expect(order).toMatchObject({ channel: 'card', currency: 'USD', providerRef: answer.data.id })
    // Retrying the same create (same request_id) answers the same intent.
    const { createPaymentIntent } = await import('./airwallex')
    expect((await createPaymentIntent(order)).id).toBe(answer.data.id)
  })

  it('grants once for a signed webhook, replayed 20 times in a row and 20 at once', async () => {
    const { orderId, intentId } = await cardOrder(11)
    const before = await getBalance({ userId: buyer.id })
    const event = await airwallex.succeed(intentId, { webhook: false })
    for (let i = 0; i < 20; i++) expect((await call(webhook, '/api/wallex/webhook', { raw: event.body, headers: event.headers })).status).toBe(200)
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(webhook, '/api/wallex/webhook', { raw: event.body, headers: event.headers })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await getBalance({ userId: buyer.id })).toBe(before + 1000)
    expect(await entriesOf(orderId)).toHaveLength(1)
  })

  it('refuses a forged signature and a stale timestamp, and ignores a wrong amount, granting nothing', async () => {
    const { orderId, intentId } = await cardOrder(11)
    const before = await getBalance({ userId: buyer.id })
    const intent = { ...airwallex.intents.get(intentId)!, status: 'SUCCEEDED' as const }
    const forged = airwallexEvent('not-the-secret', 'payment_intent.succeeded', intent)
    expect((await call(webhook, '/api/wallex/webhook', { raw: forged.body, headers: forged.headers })).status).toBe(400)
    const stale = airwallexEvent('whsec_test', 'payment_intent.succeeded', intent, String(Date.now() - 6 * 60_000))
    expect((await call(webhook, '/api/wallex/webhook', { raw: stale.body, headers: stale.headers })).status).toBe(400)
    const genuine = airwallexEvent('whsec_test', 'payment_intent.succeeded', intent)
    const tampered = genuine.body.replace('"amount":8.99', '"amount":0.01')
    expect(tampered).not.toBe(genuine.body)
    expect((await call(webhook, '/api/wallex/webhook', { raw: tampered, headers: genuine.headers })).status).toBe(400)
    const cheap = airwallexEvent('whsec_test', 'payment_intent.succeeded', { ...intent, amount: 0.5 })
    expect((await call(webhook, '/api/wallex/webhook', { raw: cheap.body, headers: cheap.headers })).status).toBe(200)
    const otherIntent = airwallexEvent('whsec_test', 'payment_intent.succeeded', { ...intent, id: 'int_someone_else' })
    expect((await call(webhook, '/api/wallex/webhook', { raw: otherIntent.body, headers: otherIntent.headers })).status).toBe(200)
    expect(await getBalance({ userId: buyer.id })).toBe(before)
    expect((await db.order.findUniqueOrThrow({ where: { orderId } })).status).toBe('unpaid')
  })

  it('applies a success found by query_payment after a lost webhook, once', async () => {
    const { orderId, intentId } = await cardOrder(11)
    const before = await getBalance({ userId: buyer.id })
    const pending = await call(queryPayment, '/api/wallex/query_payment', { body: { payId: intentId }, headers: asBuyer() })
    expect(pending.data).toEqual({ status: 'REQUIRES_PAYMENT_METHOD', orderID: orderId })
    await airwallex.succeed(intentId, { webhook: false })
    const paid = await call(queryPayment, '/api/wallex/query_payment', { body: { payId: intentId } })
    expect(paid.data).toEqual({ status: 'SUCCEEDED', orderID: orderId })
    await call(queryPayment, '/api/wallex/query_payment', { body: { payId: intentId } })
    expect(await getBalance({ userId: buyer.id })).toBe(before + 1000)
    expect((await call(queryPayment, '/api/wallex/query_payment', { body: { payId: 'int_unknown' } })).status).toBe(404)
  })
})

describe('reconciliation and deleted buyers', () => {
  it('grants paid orders whose notification and webhook never came, once, and leaves unpaid ones', async () => {
    await db.order.updateMany({ where: { status: 'unpaid' }, data: { createTime: new Date(Date.now() - 2 * 24 * 3600_000) } })
    const alipayId = await alipayOrder(1)
    const card = await cardOrder(11)
    const unpaid = await alipayOrder(1)
    const before = await getBalance({ userId: buyer.id })
    await alipay.pay(alipayId, { notify: false })
    await airwallex.succeed(card.intentId, { webhook: false })
    const report = await reconcileUnpaidOrders()
    expect(report).toEqual({ checked: 3, paid: 2, failed: 0 })
    expect(await getBalance({ userId: buyer.id })).toBe(before + 300 + 1000)
    expect((await reconcileUnpaidOrders()).paid).toBe(0)
    expect((await db.order.findUniqueOrThrow({ where: { orderId: unpaid } })).status).toBe('unpaid')
  })

  it('the scheduled reconciliation job grants a paid order whose notification never came', async () => {
    const orderId = await alipayOrder(2)
    const before = await getBalance({ userId: buyer.id })
    await alipay.pay(orderId, { notify: false })
    const job = await startPaymentReconciliation({ intervalSeconds: 1 })
    try {
      for (let i = 0; i < 100 && (await db.order.findUniqueOrThrow({ where: { orderId } })).status !== 'paid'; i++) await new Promise((r) => setTimeout(r, 200))
    } finally {
      job.stop()
      await stopBoss({ timeoutMs: 2000 })
    }
    expect((await db.order.findUniqueOrThrow({ where: { orderId } })).status).toBe('paid')
    expect(await getBalance({ userId: buyer.id })).toBe(before + 1000)
  })

  it('keeps a deleted buyer\'s orders and ledger entries, without the personal link', async () => {
    const orders = await db.order.count({ where: { userId: buyer.id } })
    const entries = await db.pointEntry.count({ where: { userId: buyer.id } })
    expect(orders).toBeGreaterThan(0)
    await deleteUser({ id: buyer.id, actorId: manager.id })
    expect(await db.order.count({ where: { userId: null } })).toBe(orders)
    expect(await db.pointEntry.count({ where: { userId: null } })).toBe(entries)
    expect(await db.user.count({ where: { id: buyer.id } })).toBe(0)
  })
})
