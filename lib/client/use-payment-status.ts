'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { invalidateOrders } from './orders'
import { ALIPAY_RETURN_METHOD, PAID_TRADE_STATUSES, queryAlipayOrder, queryCardPayment } from './payments'
import { invalidatePoints } from './points'

/** A return from a payment provider, read from the dashboard's query string. */
export type PaymentReturn = { kind: 'alipay'; outTradeNo: string } | { kind: 'card'; id: string; isFailure: boolean }

/** The query keys a provider return brings; they are removed from the address once read. */
export const PAYMENT_RETURN_KEYS = ['out_trade_no', 'method', 'airwallex_success', 'airwallex_fail', 'id', 'charset', 'total_amount', 'sign', 'trade_no', 'auth_app_id', 'version', 'app_id', 'sign_type', 'seller_id', 'timestamp']

/** Alipay's return (out_trade_no with the page-pay return method) or Airwallex's (airwallex_success / airwallex_fail and id). */
export function readPaymentReturn(params: URLSearchParams): PaymentReturn | null {
  const outTradeNo = params.get('out_trade_no')
  if (outTradeNo && params.get('method') === ALIPAY_RETURN_METHOD) return { kind: 'alipay', outTradeNo }
  const id = params.get('id')
  if (id && params.get('airwallex_success') === 'true') return { kind: 'card', id, isFailure: false }
  if (id && params.get('airwallex_fail') === 'true') return { kind: 'card', id, isFailure: true }
  return null
}

/** Automatic status queries after a return, and the manual re-queries offered after them. */
export const MAX_QUERIES = 3
export const QUERY_INTERVAL_MS = 2000

export type PaymentStatusState =
  | { phase: 'checking'; attempt: number }
  | { phase: 'success'; balance: number | null }
  | { phase: 'failed'; reason: 'status'; status: string }
  | { phase: 'failed'; reason: 'order' }
  | { phase: 'failed'; reason: 'error'; error: unknown }
  | { phase: 'cancelled' }

type Check = { isPaid: true; balance: number | null } | { isPaid: false; status: string; isOrderAbnormal?: boolean }

async function check(ret: PaymentReturn): Promise<Check> {
  if (ret.kind === 'alipay') {
    const order = await queryAlipayOrder(ret.outTradeNo)
    if (order.orderStatus === 2) return { isPaid: true, balance: order.balance }
    // Paid at Alipay but not on our order: amounts disagree, something for support to look at.
    return { isPaid: false, status: order.status, isOrderAbnormal: PAID_TRADE_STATUSES.includes(order.status) }
  }
  const payment = await queryCardPayment(ret.id)
  return payment.status === 'SUCCEEDED' ? { isPaid: true, balance: null } : { isPaid: false, status: payment.status }
}

/**
 * The payment status query (docs/product.md, Payments): checking; success; otherwise up to 3 queries 2 s apart, then
 * failed, where a manual re-query is offered while fewer than 3 have been made. Never grants by
 * itself: the server settles the order, this only asks.
 */
export function usePaymentStatus(ret: PaymentReturn | null) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<PaymentStatusState>(() => (ret?.kind === 'card' && ret.isFailure ? { phase: 'cancelled' } : { phase: 'checking', attempt: 1 }))
  const [manualQueries, setManualQueries] = useState(0)
  const run = useRef(0)

  const poll = useCallback(
    async (queries: number) => {
      if (!ret || (ret.kind === 'card' && ret.isFailure)) return
      const id = ++run.current
      let last: Check | null = null
      let failure: unknown = null
      for (let attempt = 1; attempt <= queries; attempt++) {
        if (id !== run.current) return
        setState({ phase: 'checking', attempt })
        try {
          last = await check(ret)
          failure = null
        } catch (error) {
          failure = error
        }
        if (id !== run.current) return
        if (last?.isPaid && !failure) {
          setState({ phase: 'success', balance: last.balance })
          void invalidatePoints(queryClient)
          void invalidateOrders(queryClient)
          return
        }
        if (attempt < queries) await new Promise((r) => setTimeout(r, QUERY_INTERVAL_MS))
      }
      if (failure) setState({ phase: 'failed', reason: 'error', error: failure })
      else if (last && !last.isPaid && last.isOrderAbnormal) setState({ phase: 'failed', reason: 'order' })
      else setState({ phase: 'failed', reason: 'status', status: last && !last.isPaid ? last.status : 'UNKNOWN' })
    },
    [ret, queryClient],
  )

  useEffect(() => {
    void poll(MAX_QUERIES)
    return () => {
      run.current += 1
    }
  }, [poll])

  const requery = useCallback(() => {
    setManualQueries((n) => n + 1)
    void poll(1)
  }, [poll])

  return { state, requery, canRequery: state.phase === 'failed' && manualQueries < MAX_QUERIES }
}
