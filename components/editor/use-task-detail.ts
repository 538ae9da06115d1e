'use client'

import { useQuery } from '@tanstack/react-query'
import { getTask, taskKeys, type TaskDetail } from '@/lib/client/tasks'

/** The editor polls its task every second while it is translating (docs/product.md, Editor). */
export const EDITOR_POLL_MS = 1000

/**
 * The task with all its segments. Structural sharing keeps unchanged segments as the same objects
 * between polls, so only rows that really changed re-render. The server's copy (rendered with the
 * page) fills the cache first: a finished task is not fetched again at once.
 */
export function useTaskDetail(taskId: string, initialTask?: TaskDetail | null) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTask(taskId, signal),
    initialData: initialTask ?? undefined,
    staleTime: (query) => (query.state.data?.status === 'translating' ? 0 : 30_000),
    retry: (count, error) => count < 1 && !(error && 'code' in error && (error as { code: number }).code === 40400),
    refetchInterval: (query) => (query.state.data?.status === 'translating' ? EDITOR_POLL_MS : false),
  })
}
