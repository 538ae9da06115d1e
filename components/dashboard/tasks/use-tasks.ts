'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteTask, listTasks, taskKeys } from '@/lib/client/tasks'

/** The dashboard refreshes every 5 s while any task on the page is translating (docs/product.md, Tasks). */
export const DASHBOARD_POLL_MS = 5000

/** One page of the caller's tasks, newest first; polls while something is still translating. */
export function useTaskPage(page: number) {
  return useQuery({
    queryKey: taskKeys.page(page),
    queryFn: ({ signal }) => listTasks(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((task) => task.status === 'translating') ? DASHBOARD_POLL_MS : false),
  })
}

export function useDeleteTask() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteTask(id),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: taskKeys.detail(id) })
      return client.invalidateQueries({ queryKey: taskKeys.all })
    },
  })
}
