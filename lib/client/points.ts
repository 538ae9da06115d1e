'use client'

import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { balanceSchema } from '@/lib/points/contract'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of the caller's points balance: the profile menu, the dashboard and the upload dialog.

export type Balance = z.infer<typeof balanceSchema>

export const fetchBalance = (signal?: AbortSignal) => api<Balance>('/api/user/get_point', { method: 'POST', signal })

/** The balance as a number (0 when the answer has none). */
export const getPoints = () => fetchBalance().then((data) => Number(data?.point ?? 0))

/** The caller's points balance: one request and one cache entry for every screen that shows it. */
export function usePoints() {
  return useQuery({ queryKey: queryKeys.points, queryFn: ({ signal }) => fetchBalance(signal), select: (data) => Number(data?.point ?? 0) })
}

/** After spending or receiving points: every shown balance reloads. */
export const invalidatePoints = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.points })
