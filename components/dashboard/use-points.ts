'use client'

import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/client/api'
import { taskKeys } from '@/lib/client/tasks'

/**
 * The caller's points balance. Same key and answer shape as the profile menu's query, so both
 * share one request and one cache entry (and refresh together after spending).
 */
export function usePoints() {
  return useQuery({ queryKey: taskKeys.points, queryFn: ({ signal }) => api<{ point: number }>('/api/user/get_point', { signal }), select: (data) => Number(data?.point ?? 0) })
}
