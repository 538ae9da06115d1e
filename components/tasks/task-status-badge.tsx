'use client'

import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { Task } from '@/lib/client/tasks'

type StatusTask = Pick<Task, 'status' | 'progress' | 'error'> & Partial<Pick<Task, 'kind' | 'stage' | 'chunksDone' | 'chunksTotal'>>

/**
 * What a running task is doing: a transcription says its stage (preparing the audio, transcribing
 * chunk k of n, translating), a translation its percentage.
 */
function runningLabel(task: StatusTask, t: ReturnType<typeof useTranslations<'tasks.state'>>, pct: number): string {
  if (task.kind !== 'transcription' || !task.stage) return t('translatingPct', { progress: pct })
  if (task.stage === 'translating') return t('translatingPct', { progress: pct })
  if (!task.chunksTotal) return t('preparingAudio')
  // Chunks run several at once: the count is of those finished.
  return t('transcribingChunk', { done: Math.min(task.chunksTotal, task.chunksDone ?? 0), total: task.chunksTotal })
}

/** A recording in which no speech was found: ended, its points returned (the title says so). */
function NoSpeechBadge() {
  const t = useTranslations('noSpeech')
  return (
    <span title={t('statusHint')} data-testid="task-status" data-status="no_speech">
      <Badge tone="neutral" className="whitespace-nowrap">{t('status')}</Badge>
    </span>
  )
}

/** Status of a task; while running it carries what it is doing and a thin bar. */
export function TaskStatusBadge({ task }: { task: StatusTask }) {
  const t = useTranslations('tasks.state')
  if (task.status === 'translating') {
    const pct = Math.max(0, Math.min(100, Math.round(task.progress ?? 0)))
    return (
      <div className="flex w-36 flex-col gap-1.5" data-testid="task-status" data-status="translating" data-stage={task.stage ?? undefined}>
        <Badge tone="info" className="w-fit gap-1.5 whitespace-nowrap">
          <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
          {runningLabel(task, t, pct)}
        </Badge>
        <div className="h-1 w-full overflow-hidden rounded-full bg-surface-2" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('translating')}>
          <div className="h-full rounded-full bg-info transition-[width] duration-500" style={{ width: `${pct}%` }} />
        </div>
      </div>
    )
  }
  if (task.status === 'no_speech') return <NoSpeechBadge />
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
