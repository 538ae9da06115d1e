'use client'

import type { AlipayOrderStatus, CardPayment, cardPaymentStatusSchema } from '@/lib/payments/contract'
import type { z } from 'zod'
import { api } from './api'

// Client side of the payment endpoints (Alipay, Airwallex cards); the packs and orders are in ./orders.
// Response shapes come from the server's contract (lib/payments/contract.ts).
export type { AlipayOrderStatus, CardPayment } from '@/lib/payments/contract'
export type CardPaymentStatus = z.infer<typeof cardPaymentStatusSchema>

export const createAlipayUrl = (id: number) => api<{ url: string; orderId: string }>('/api/alipay/create_alipay_url', { body: { id } })
export const queryAlipayOrder = (outTradeNo: string) => api<AlipayOrderStatus>('/api/alipay/query_order', { body: { outTradeNo } })
export const createCardPayment = (id: number) => api<CardPayment>('/api/wallex/create_payment', { body: { id } })
export const queryCardPayment = (payId: string) => api<CardPaymentStatus>('/api/wallex/query_payment', { body: { payId } })

/** Alipay's return method in the query of the return URL. */
export const ALIPAY_RETURN_METHOD = 'alipay.trade.page.pay.return'
export const PAID_TRADE_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED']

/**
 * Sends the browser to Airwallex's hosted checkout: the components SDK (demo or prod by host), or
 * the sandbox checkout page when the server names one. Throws 'sdk' when the SDK cannot load.
 */
export async function redirectToCardCheckout(payment: CardPayment, { successUrl, failUrl }: { successUrl: string; failUrl: string }): Promise<void> {
  if (payment.checkoutUrl) {
    const url = new URL('/checkout', payment.checkoutUrl)
    url.search = new URLSearchParams({ intent_id: payment.id, client_secret: payment.clientSecret, currency: payment.currency, successUrl, failUrl }).toString()
    window.location.assign(url.href)
    return
  }
  let payments
  try {
    const { init } = await import('@airwallex/components-sdk')
    payments = (await init({ env: payment.env, enabledElements: ['payments'] })).payments
  } catch {
    throw new Error('sdk')
  }
  if (!payments) throw new Error('sdk')
  payments.redirectToCheckout({ intent_id: payment.id, client_secret: payment.clientSecret, currency: payment.currency, successUrl, failUrl })
}
