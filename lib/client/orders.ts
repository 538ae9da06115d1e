'use client'

import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import type { OrderItem, ProductDto } from '@/lib/orders/contract'
import type { Page } from '@/lib/pagination'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of the points packs and the caller's orders, typed from lib/orders/contract.ts.

export type { OrderItem, ProductDto }
export type OrderPage = Page<OrderItem>
export type Catalogue = 'list' | 'trans_list'

export const ORDER_PAGE_SIZE = 10

export const fetchProducts = (catalogue: Catalogue, signal?: AbortSignal) => api<ProductDto[]>(`/api/product/${catalogue}`, { signal })
export const fetchOrders = (page: number, signal?: AbortSignal) => api<OrderPage>('/api/order/query_order_list', { body: { page, size: ORDER_PAGE_SIZE }, signal })

/** The packs of a catalogue; waits while the catalogue is not known yet (null). */
export function useProducts(catalogue: Catalogue | null) {
  return useQuery({ queryKey: queryKeys.products(catalogue ?? ''), queryFn: ({ signal }) => fetchProducts(catalogue!, signal), enabled: catalogue !== null })
}

/** One page of the caller's orders; an answer without its page object fails with `emptyMessage`. */
export function useOrderPage(page: number, emptyMessage: string) {
  return useQuery({
    queryKey: queryKeys.orders.page(page),
    queryFn: async ({ signal }) => {
      const result = await fetchOrders(page, signal)
      if (!result?.list) throw new Error(emptyMessage)
      return result
    },
    placeholderData: keepPreviousData,
  })
}

/** After a payment settled: every orders page reloads. */
export const invalidateOrders = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.orders.all })
