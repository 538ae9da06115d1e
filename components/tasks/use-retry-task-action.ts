'use client'

import { useTranslations } from 'next-intl'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { useRetryTask, type Task } from '@/lib/client/tasks'

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
