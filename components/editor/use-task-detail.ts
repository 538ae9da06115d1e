'use client'

import { useQuery } from '@tanstack/react-query'
import { getTask, taskKeys } from '@/lib/client/tasks'

/** Spec section 4: the editor polls its task every second while it is translating. */
export const EDITOR_POLL_MS = 1000

/**
 * The task with all its segments. Structural sharing keeps unchanged segments as the same objects
 * between polls, so only rows that really changed re-render.
 */
export function useTaskDetail(taskId: string) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTask(taskId, signal),
    staleTime: 0,
    retry: (count, error) => count < 1 && !(error && 'code' in error && (error as { code: number }).code === 40400),
    refetchInterval: (query) => (query.state.data?.status === 'translating' ? EDITOR_POLL_MS : false),
  })
}
