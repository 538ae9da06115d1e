'use client'

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/client/api'
import { pollTask, taskKeys, type TaskDetail } from '@/lib/client/tasks'

/** The editor polls its task every second while it is translating (docs/product.md, Editor). */
export const EDITOR_POLL_MS = 1000

/**
 * The task with all its segments. The server's copy (rendered with the page) fills the cache first:
 * a finished task is not fetched again at once. Each poll asks only for the segments written since
 * the last one and merges them in, so a translating task is downloaded about once, not once a second.
 */
export function useTaskDetail(taskId: string, initialTask?: TaskDetail | null) {
  const client = useQueryClient()
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => pollTask(taskId, client.getQueryData<TaskDetail>(taskKeys.detail(taskId)), signal),
    initialData: initialTask ?? undefined,
    staleTime: (query) => (query.state.data?.status === 'translating' ? 0 : 30_000),
    retry: (count, error) => count < 1 && !isApiError(error, 'not_found'),
    refetchInterval: (query) => (query.state.data?.status === 'translating' ? EDITOR_POLL_MS : false),
  })
}
