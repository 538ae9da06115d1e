import { createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto'
import type http from 'node:http'
import { checkoutPage, deliverCallback, escapeHtml, readText, type Delivery } from './deliver'
import { sendJson, startFakeServer, type FakeServer } from './server'

type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
type Trade = {
  outTradeNo: string
  totalAmount: string
  subject: string
  notifyUrl: string
  returnUrl: string
  status: TradeStatus
  tradeNo: string
  createdAt: Date
  paidAt?: Date
}

export type AlipayKeys = { appPrivateKey: string; appPublicKey: string; alipayPrivateKey: string; alipayPublicKey: string }

export type AlipayFake = FakeServer & {
  gateway: string
  trades: Map<string, Trade>
  notifies: Delivery[]
  /** Pays a trade as a buyer would; `notify: false` loses the notification (a reconciliation case). */
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<Record<string, string>>
  /** The signed notification Alipay sends for a paid trade (tests replay and tamper with it). */
  notificationFor(outTradeNo: string): Record<string, string>
}

/** Two RSA-2048 key pairs in PEM: the app's (we sign, the fake verifies) and Alipay's (the reverse). */
export function generateAlipayKeys(): AlipayKeys {
  const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
  const app = pair()
  const alipay = pair()
  return { appPrivateKey: app.privateKey, appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey, alipayPublicKey: alipay.publicKey }
}

/** Alipay's string to sign: every non-empty parameter except `sign` (and those left out), sorted, `k=v` joined by `&`. */
export function alipaySignContent(params: Record<string, string>, omit: string[] = []): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !omit.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

/** Signs notification parameters the way Alipay does (RSA2 over everything but sign and sign_type). */
export function signAlipayParams(params: Record<string, string>, privateKey: string): Record<string, string> {
  const content = alipaySignContent(params, ['sign_type'])
  return { ...params, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64') }
}

const rsaVerify = (content: string, sign: string, publicKey: string) => {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64')
  } catch {
    return false
  }
}

/** Alipay's time format, Beijing time: `yyyy-MM-dd HH:mm:ss`. */
function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)
}

/**
 * Starts a fake of Alipay's OpenAPI gateway for computer-website payment. Rules: every gateway
 * request must be RSA2-signed with the app key (`invalid-signature` otherwise); page.pay shows a
 * sandbox cashier whose "Pay" marks the trade paid, sends a signed notify to notify_url (retried
 * until the body is exactly `success`) and returns the browser to return_url with a signed query;
 * trade.query answers with a signed response, `ACQ.TRADE_NOT_EXIST` for trades never opened.
 * `/sandbox/trades/{outTradeNo}/pay` (POST, `?notify=0` to lose the notify) and
 * `/sandbox/notifies` (GET) let tests steer and inspect it.
 */
export async function startAlipayFake({
  appId,
  appPublicKey,
  alipayPrivateKey,
  port,
  notifyRetryDelaysMs = [1000, 2000, 5000, 10_000, 30_000],
}: {
  appId: string
  appPublicKey: string
  alipayPrivateKey: string
  port?: number
  notifyRetryDelaysMs?: number[]
}): Promise<AlipayFake> {
  const trades = new Map<string, Trade>()
  const notifies: Delivery[] = []
  const sellerId = '2088000000000001'

  function notificationFor(outTradeNo: string): Record<string, string> {
    const trade = trades.get(outTradeNo)
    if (!trade || trade.status !== 'TRADE_SUCCESS') throw new Error(`trade ${outTradeNo} is not paid`)
    const paidAt = trade.paidAt ?? new Date()
    return signAlipayParams(
      {
        notify_time: beijingTime(new Date()),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: appId,
        auth_app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        buyer_pay_amount: trade.totalAmount,
        buyer_id: '2088102177846875',
        seller_id: sellerId,
        subject: trade.subject,
        gmt_create: beijingTime(trade.createdAt),
        gmt_payment: beijingTime(paidAt),
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      },
      alipayPrivateKey,
    )
  }

  async function pay(outTradeNo: string, { notify = true }: { notify?: boolean } = {}): Promise<Record<string, string>> {
    const trade = trades.get(outTradeNo)
    if (!trade) throw new Error(`unknown trade ${outTradeNo}`)
    if (trade.status !== 'TRADE_SUCCESS') {
      trade.status = 'TRADE_SUCCESS'
      trade.paidAt = new Date()
    }
    const params = notificationFor(outTradeNo)
    if (notify && trade.notifyUrl) {
      // Like Alipay, the notify goes out on its own schedule, independently of the browser.
      void deliverCallback({
        url: trade.notifyUrl,
        body: new URLSearchParams(params).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        isAccepted: (status, text) => status === 200 && text.trim() === 'success',
        retryDelaysMs: notifyRetryDelaysMs,
        log: notifies,
      })
    }
    return params
  }

  function returnUrlFor(trade: Trade): string {
    const query = signAlipayParams(
      {
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        method: 'alipay.trade.page.pay.return',
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo,
        auth_app_id: appId,
        version: '1.0',
        app_id: appId,
        sign_type: 'RSA2',
        seller_id: sellerId,
        timestamp: beijingTime(new Date()),
      },
      alipayPrivateKey,
    )
    const url = new URL(trade.returnUrl)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    return url.href
  }

  /** A signed gateway answer: the sign covers the exact JSON text of the `*_response` value. */
  function signedAnswer(res: http.ServerResponse, method: string, inner: Record<string, unknown>) {
    const innerText = JSON.stringify(inner)
    const sign = createSign('RSA-SHA256').update(innerText, 'utf8').sign(alipayPrivateKey, 'base64')
    const text = `{"${method.replaceAll('.', '_')}_response":${innerText},"sign":"${sign}"}`
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8', 'content-length': Buffer.byteLength(text) })
    res.end(text)
  }

  function tradeQuery(res: http.ServerResponse, biz: Record<string, unknown>) {
    const trade = trades.get(String(biz.out_trade_no ?? '')) ?? [...trades.values()].find((t) => t.tradeNo === biz.trade_no)
    const method = 'alipay.trade.query'
    if (!trade) {
      return signedAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在', out_trade_no: biz.out_trade_no ?? '' })
    }
    signedAnswer(res, method, {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: 'sbx***@sandbox.com',
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      buyer_pay_amount: trade.status === 'TRADE_SUCCESS' ? trade.totalAmount : '0.00',
      send_pay_date: trade.paidAt ? beijingTime(trade.paidAt) : undefined,
    })
  }

  function cashier(res: http.ServerResponse, trade: Trade) {
    const html = checkoutPage({
      title: '支付宝 · Alipay sandbox',
      lang: 'zh-CN',
      lines: [`<p>${escapeHtml(trade.subject)}</p>`, `<p class="amount" data-testid="alipay-amount">¥ ${escapeHtml(trade.totalAmount)}</p>`, `<p>订单号 ${escapeHtml(trade.outTradeNo)}</p>`],
      actions: `<form method="post" action="/sandbox/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}"><button class="pay" type="submit" data-testid="alipay-pay">确认付款 Pay</button></form>
<form method="post" action="/sandbox/cashier/cancel"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}"><button type="submit" data-testid="alipay-cancel">取消 Cancel</button></form>`,
    })
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  }

  function htmlError(res: http.ServerResponse, status: number, text: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><meta charset="utf-8"><title>Alipay sandbox</title><p>错误代码 ${escapeHtml(text)}</p>`)
  }

  const server = await startFakeServer({
    name: 'alipay',
    port,
    handler: async (req, res, ctx) => {
      const path = ctx.url.pathname
      const form = req.method === 'POST' ? Object.fromEntries(new URLSearchParams(await readText(req))) : {}
      if (path === '/gateway.do') {
        // Page payments put everything in the query; exec puts biz_content in the form: merge both.
        const params: Record<string, string> = { ...Object.fromEntries(ctx.url.searchParams), ...form }
        const isSigned = params.app_id === appId && params.sign_type === 'RSA2' && rsaVerify(alipaySignContent(params), params.sign ?? '', appPublicKey)
        let biz: Record<string, unknown> = {}
        try {
          biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
        } catch {
          biz = {}
        }
        if (params.method === 'alipay.trade.page.pay') {
          if (!isSigned) return htmlError(res, 400, 'invalid-signature')
          const outTradeNo = String(biz.out_trade_no ?? '')
          const amount = String(biz.total_amount ?? '')
          if (!/^\w{1,64}$/.test(outTradeNo) || !/^\d+\.\d{2}$/.test(amount) || biz.product_code !== 'FAST_INSTANT_TRADE_PAY') return htmlError(res, 400, 'INVALID_PARAMETER')
          const existing = trades.get(outTradeNo)
          if (existing && existing.totalAmount !== amount) return htmlError(res, 400, 'ACQ.CONTEXT_INCONSISTENT')
          const trade = existing ?? {
            outTradeNo,
            totalAmount: amount,
            subject: String(biz.subject ?? ''),
            notifyUrl: params.notify_url ?? '',
            returnUrl: params.return_url ?? '',
            status: 'WAIT_BUYER_PAY' as const,
            tradeNo: `2026${Date.now()}${randomInt(100000, 999999)}`,
            createdAt: new Date(),
          }
          trades.set(outTradeNo, trade)
          ctx.count('page_pay')
          return cashier(res, trade)
        }
        if (params.method === 'alipay.trade.query') {
          ctx.count('trade_query')
          if (!isSigned) return signedAnswer(res, params.method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' })
          return tradeQuery(res, biz)
        }
        return sendJson(res, 200, { error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method' } })
      }
      if (path === '/sandbox/cashier/pay' || path === '/sandbox/cashier/cancel') {
        const trade = trades.get(form.out_trade_no ?? '')
        if (!trade) return htmlError(res, 404, 'ACQ.TRADE_NOT_EXIST')
        if (path.endsWith('/pay')) {
          await pay(trade.outTradeNo)
          res.writeHead(302, { location: returnUrlFor(trade) })
        } else {
          // Alipay has no cancel return: the buyer just goes back to the shop.
          res.writeHead(302, { location: new URL('/dashboard/points', trade.returnUrl).href })
        }
        res.end()
        return
      }
      const payMatch = /^\/sandbox\/trades\/(\w+)\/pay$/.exec(path)
      if (payMatch && req.method === 'POST') {
        if (!trades.has(payMatch[1])) return sendJson(res, 404, { error: 'unknown trade' })
        const params = await pay(payMatch[1], { notify: ctx.url.searchParams.get('notify') !== '0' })
        return sendJson(res, 200, { notification: params, returnUrl: returnUrlFor(trades.get(payMatch[1])!) })
      }
      if (path === '/sandbox/notifies') return sendJson(res, 200, notifies)
      sendJson(res, 404, { error: 'not found' })
    },
  })
  return Object.assign(server, { gateway: `${server.url}/gateway.do`, trades, notifies, pay, notificationFor })
}
