'use client'

import type { Page } from '@/lib/pagination'
import type { OrderItem, ProductDto } from '@/lib/orders/contract'
import type { AlipayOrderStatus, CardPayment, cardPaymentStatusSchema } from '@/lib/payments/contract'
import type { z } from 'zod'
import { api } from './api'

// Response shapes come from the server's contracts (lib/orders/contract.ts, lib/payments/contract.ts).
export type { OrderItem, ProductDto } from '@/lib/orders/contract'
export type { AlipayOrderStatus, CardPayment } from '@/lib/payments/contract'
export type OrderPage = Page<OrderItem>
export type CardPaymentStatus = z.infer<typeof cardPaymentStatusSchema>

export const paymentKeys = {
  products: (catalogue: string) => ['products', catalogue] as const,
  orders: (page: number) => ['orders', page] as const,
  allOrders: ['orders'] as const,
}


export const fetchProducts = (catalogue: 'list' | 'trans_list', signal?: AbortSignal) => api<ProductDto[]>(`/api/product/${catalogue}`, { signal })
export const fetchOrders = (page: number, signal?: AbortSignal) => api<OrderPage>('/api/order/query_order_list', { body: { page, size: 10 }, signal })
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
