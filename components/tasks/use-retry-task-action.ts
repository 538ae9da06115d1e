'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { retryTask, taskKeys, type Task } from '@/lib/client/tasks'

/** Runs a failed task again; the list and the task's detail refresh (it is translating again). */
function useRetryTask() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => retryTask(id),
    onSuccess: (_data, id) => {
      client.invalidateQueries({ queryKey: taskKeys.detail(id) })
      client.invalidateQueries({ queryKey: taskKeys.points })
      return client.invalidateQueries({ queryKey: taskKeys.all })
    },
  })
}

/** The Retry button's behaviour (task list and editor): run the failed task again, say so or why not. */
export function useRetryTaskAction(task: Pick<Task, 'id' | 'fileName'>) {
  const t = useTranslations('tasks.retry')
  const retry = useRetryTask()
  return {
    isPending: retry.isPending,
    run: () =>
      retry.mutate(task.id, {
        onSuccess: () => toast.success(t('started', { fileName: task.fileName })),
        onError: (error) => toast.error(errorText(error, t('failed'))),
      }),
  }
}
