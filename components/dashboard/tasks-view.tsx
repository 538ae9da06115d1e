'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Pagination } from '@/components/ui/pagination'
import { errorText } from '@/lib/client/api'
import type { Task } from '@/lib/client/tasks'
import type { Features } from '@/lib/features'
import { DeleteTaskDialog } from '@/components/tasks/delete-task-dialog'
import { TaskTable, TaskTableSkeleton } from '@/components/tasks/task-table'
import { UploadDialog } from '@/components/tasks/upload-dialog'
import { useTaskPage } from '@/lib/client/tasks'

/** The "subtitle translation" view: the caller's tasks, newest first, and the upload dialog. */
export function TasksView({ features }: { features: Features }) {
  const t = useTranslations('tasks')
  const tc = useTranslations('common')
  const [page, setPage] = useState(1)
  const [isUploadOpen, setUploadOpen] = useState(false)
  const [toDelete, setToDelete] = useState<Task | null>(null)
  const query = useTaskPage(page)
  const data = query.data
  // A page emptied by deletes falls back to the last page that still has tasks.
  if (data && data.list.length === 0 && page > 1 && data.totalPages < page) setPage(Math.max(1, data.totalPages))

  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)} data-testid="open-upload">
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
        <path d="M8 11V3m0 0L5 6m3-3 3 3M3 11v1.5A1.5 1.5 0 0 0 4.5 14h7a1.5 1.5 0 0 0 1.5-1.5V11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('upload')}
    </Button>
  )

  const isEmpty = Boolean(data && data.totalCount === 0)
  let body
  if (query.isPending) body = <TaskTableSkeleton />
  else if (query.isError && !data)
    body = (
      <Alert
        tone="danger"
        action={
          <Button variant="secondary" size="sm" onClick={() => query.refetch()} isLoading={query.isFetching}>
            {tc('retry')}
          </Button>
        }
      >
        <p className="font-medium">{t('loadError')}</p>
        <p className="mt-0.5 opacity-90">{errorText(query.error, t('loadErrorDetail'))}</p>
      </Alert>
    )
  else if (!data || data.totalCount === 0) body = <EmptyState title={t('empty.title')} body={t('empty.body')} action={uploadButton} />
  else
    body = (
      <div className="space-y-4">
        <TaskTable tasks={data.list} onDelete={setToDelete} />
        <Pagination
          page={data.pageNum}
          totalPages={data.totalPages}
          onPageChange={setPage}
          isDisabled={query.isFetching && query.isPlaceholderData}
          labels={{ previous: t('pagination.previous'), next: t('pagination.next'), status: t('pagination.status', { page: data.pageNum, total: data.totalPages }) }}
        />
      </div>
    )

  return (
    <section aria-labelledby="tasks-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tasks-heading" className="text-base font-semibold text-fg">
            {t('title')}
            {data && data.totalCount > 0 && <span className="tabular ml-2 text-sm font-normal text-subtle">{data.totalCount}</span>}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{t('subtitle')}</p>
        </div>
        {/* The empty state carries the same action; one upload button on screen is enough. */}
        {!isEmpty && uploadButton}
      </div>
      {body}
      <UploadDialog open={isUploadOpen} onOpenChange={setUploadOpen} features={features} onCreated={() => setPage(1)} />
      <DeleteTaskDialog task={toDelete} onClose={() => setToDelete(null)} />
    </section>
  )
}
