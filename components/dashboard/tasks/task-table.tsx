'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table'
import type { Task } from '@/lib/client/tasks'
import { useLanguagePair } from './language-name'
import { ServiceBadge } from './service-badge'
import { TaskActions } from './task-actions'
import { TaskStatusBadge } from './task-status-badge'

function Head() {
  const t = useTranslations('tasks.columns')
  return (
    <THead>
      <tr>
        <TH>{t('file')}</TH>
        <TH>{t('languages')}</TH>
        <TH>{t('status')}</TH>
        <TH className="text-right">{t('cost')}</TH>
        <TH className="text-right">
          <span className="sr-only">{t('actions')}</span>
        </TH>
      </tr>
    </THead>
  )
}

/** The task table; rows keep their height while loading so nothing jumps. */
export function TaskTable({ tasks, onDelete }: { tasks: Task[]; onDelete: (task: Task) => void }) {
  const t = useTranslations('tasks')
  const format = useFormatter()
  const pair = useLanguagePair()
  const thisYear = new Date().getFullYear()
  // "Nov 22, 10:29": the year only when it is not this one, so the column stays narrow.
  const submitted = (iso: string) => {
    const date = new Date(iso)
    return format.dateTime(date, { year: date.getFullYear() === thisYear ? undefined : 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
  }
  return (
    <Table data-testid="task-table">
      <Head />
      <TBody>
        {tasks.map((task) => (
          <TR key={task.id} data-testid="task-row" data-task-id={task.id}>
            <TD className="max-w-72">
              <p className="truncate font-medium text-fg" title={task.fileName}>
                {task.fileName}
              </p>
              <p className="tabular mt-0.5 text-xs whitespace-nowrap text-subtle">
                <span className="sr-only">{t('columns.submitted')} </span>
                {task.submitTime ? <time dateTime={task.submitTime}>{submitted(task.submitTime)}</time> : '—'}
              </p>
            </TD>
            <TD>
              <div className="flex flex-col items-start gap-1">
                <span className="whitespace-nowrap text-muted">{pair(task)}</span>
                <ServiceBadge service={task.translationService} />
              </div>
            </TD>
            <TD>
              <TaskStatusBadge task={task} />
            </TD>
            <TD className="tabular text-right whitespace-nowrap text-muted">{typeof task.cost === 'number' ? t('points', { points: task.cost }) : '—'}</TD>
            <TD>
              <TaskActions task={task} onDelete={onDelete} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  )
}

export function TaskTableSkeleton({ rows = 5 }: { rows?: number }) {
  const t = useTranslations('common')
  return (
    <div role="status" aria-label={t('loading')}>
      <Table>
        <Head />
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <TD>
                <Skeleton className="h-4 w-44" />
                <Skeleton className="mt-1.5 h-3 w-24" />
              </TD>
              <TD>
                <Skeleton className="h-4 w-32" />
                <Skeleton className="mt-1.5 h-4 w-16 rounded-full" />
              </TD>
              <TD>
                <Skeleton className="h-5 w-20 rounded-full" />
              </TD>
              <TD>
                <Skeleton className="ml-auto h-4 w-14" />
              </TD>
              <TD>
                <Skeleton className="ml-auto h-8 w-40" />
              </TD>
            </tr>
          ))}
        </TBody>
      </Table>
    </div>
  )
}
