'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { LocalizedLink } from '@/components/layout/localized-link'
import { useRetryTaskAction } from '@/components/tasks/use-retry-task-action'
import { Button, buttonClasses } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import { defaultExportContent } from '@/lib/client/task-helpers'
import { downloadExport, type Task } from '@/lib/client/tasks'

/** Edit and download (only once completed), retry (a failed task) and delete, for one row of the task list. */
export function TaskActions({ task, onDelete }: { task: Task; onDelete: (task: Task) => void }) {
  const t = useTranslations('tasks.actions')
  const [isDownloading, setDownloading] = useState(false)
  const isCompleted = task.status === 'completed'
  const retry = useRetryTaskAction(task)

  const download = async () => {
    setDownloading(true)
    try {
      await downloadExport(task, task.format ?? 'srt', defaultExportContent(task))
    } catch (error) {
      toast.error(errorText(error, t('downloadFailed')))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div className="flex items-center justify-end gap-1.5">
      {isCompleted && (
        <>
          <LocalizedLink href={`/edit/${task.id}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid="task-edit">
            {t('edit')}
          </LocalizedLink>
          <Button variant="secondary" size="sm" onClick={download} isLoading={isDownloading} data-testid="task-download">
            {t('download')}
          </Button>
        </>
      )}
      {task.status === 'failed' && (
        <Button variant="secondary" size="sm" onClick={retry.run} isLoading={retry.isPending} data-testid="task-retry" aria-label={t('retryNamed', { fileName: task.fileName })}>
          {t('retry')}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => onDelete(task)} className="hover:text-danger" data-testid="task-delete" aria-label={t('deleteNamed', { fileName: task.fileName })}>
        {t('delete')}
      </Button>
    </div>
  )
}
