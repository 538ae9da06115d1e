'use client'

import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { Task } from '@/lib/client/tasks'

/** Status of a task; while translating it carries the percentage and a thin bar. */
export function TaskStatusBadge({ task }: { task: Pick<Task, 'status' | 'progress' | 'error'> & Partial<Pick<Task, 'stage' | 'chunksDone' | 'chunksTotal'>> }) {
  const t = useTranslations('tasks.state')
  if (task.status === 'translating') {
    const pct = Math.max(0, Math.min(100, Math.round(task.progress ?? 0)))
    // A recording is first transcribed, chunk by chunk (issue 22), then translated like any task.
    const label =
      task.stage === 'transcribing'
        ? task.chunksTotal
          ? t('transcribingChunk', { done: Math.min(task.chunksTotal, (task.chunksDone ?? 0) + 1), total: task.chunksTotal })
          : t('transcribing')
        : t('translatingPct', { progress: pct })
    return (
      <div className="flex w-28 flex-col gap-1.5" data-testid="task-status" data-status="translating" data-stage={task.stage ?? undefined}>
        <Badge tone="info" className="w-fit gap-1.5 whitespace-nowrap">
          <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
          {label}
        </Badge>
        <div className="h-1 w-28 overflow-hidden rounded-full bg-surface-2" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('translating')}>
          <div className="h-full rounded-full bg-info transition-[width] duration-500" style={{ width: `${pct}%` }} />
        </div>
      </div>
    )
  }
  if (task.status === 'completed') {
    return (
      <span data-testid="task-status" data-status="completed">
        <Badge tone="success" className="whitespace-nowrap">{t('completed')}</Badge>
      </span>
    )
  }
  return (
    <span title={task.error ?? undefined} data-testid="task-status" data-status="failed">
      <Badge tone="danger" className="whitespace-nowrap">{t('failed')}</Badge>
    </span>
  )
}
