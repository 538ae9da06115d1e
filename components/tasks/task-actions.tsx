'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { LocalizedLink } from '@/components/layout/localized-link'
import { useRetryTaskAction } from './use-retry-task-action'
import { Button, buttonClasses } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import { defaultExportContent, exportFileName } from '@/lib/client/task-helpers'
import { downloadExport, type Task } from '@/lib/client/tasks'

const ICON = 'size-4 shrink-0'

/**
 * Edit and download (only once completed), retry (a failed task) and delete, for one row of the
 * task list. Download and delete are icon buttons named for the file, so the row's actions fit
 * their column in every language at laptop widths.
 */
export function TaskActions({ task, onDelete }: { task: Task; onDelete: (task: Task) => void }) {
  const t = useTranslations('tasks.actions')
  const [isDownloading, setDownloading] = useState(false)
  const isCompleted = task.status === 'completed'
  const retry = useRetryTaskAction(task)

  // Named for the file it delivers (the subtitles, not the video or recording the task came from).
  const downloadLabel = t('downloadNamed', { fileName: exportFileName(task.fileName, task.format ?? 'srt', defaultExportContent(task), task.targetLanguage) })
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
    <div className="flex items-center justify-end gap-1" data-testid="task-actions">
      {isCompleted && (
        <>
          <LocalizedLink href={`/edit/${task.id}`} prefetchOn="intent" className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid="task-edit">
            {t('edit')}
          </LocalizedLink>
          <Button variant="ghost" size="sm" onClick={download} isLoading={isDownloading} className="w-8 px-0" title={downloadLabel} aria-label={downloadLabel} data-testid="task-download">
            {!isDownloading && (
              <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={ICON}>
                <path d="M8 2.5v8m0 0L5 7.5m3 3 3-3M3 11v1.5A1.5 1.5 0 0 0 4.5 14h7a1.5 1.5 0 0 0 1.5-1.5V11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </Button>
        </>
      )}
      {task.status === 'failed' && (
        <Button variant="secondary" size="sm" onClick={retry.run} isLoading={retry.isPending} data-testid="task-retry" aria-label={t('retryNamed', { fileName: task.fileName })}>
          {t('retry')}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => onDelete(task)} className="w-8 px-0 hover:text-danger" title={t('delete')} aria-label={t('deleteNamed', { fileName: task.fileName })} data-testid="task-delete">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={ICON}>
          <path d="M2.5 4.5h11M6.5 4.5V3a1 1 0 0 1 1-1h1a1 1 0 0 1 1 1v1.5M4 4.5l.6 8.1a1.5 1.5 0 0 0 1.5 1.4h3.8a1.5 1.5 0 0 0 1.5-1.4l.6-8.1M6.75 7v4.5M9.25 7v4.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
    </div>
  )
}
