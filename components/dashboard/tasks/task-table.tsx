'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { useLanguageName, useLanguagePair } from '@/components/tasks/language-name'
import { ServiceBadge } from '@/components/tasks/service-badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import { downloadZip, type Task } from '@/lib/client/tasks'
import { TaskActions } from './task-actions'
import { TaskStatusBadge } from './task-status-badge'
import { useDateTime } from '@/lib/client/use-date-time'

type Selection = { all: boolean; some: boolean; toggleAll: () => void }

function Head({ selection }: { selection?: Selection }) {
  const t = useTranslations('tasks.columns')
  const ts = useTranslations('tasks.selection')
  return (
    <THead>
      <tr>
        <TH className="w-8 pr-0">
          {selection && (
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={selection.all}
              ref={(el) => {
                if (el) el.indeterminate = selection.some && !selection.all
              }}
              onChange={selection.toggleAll}
              aria-label={ts('selectAll')}
              data-testid="task-select-all"
            />
          )}
        </TH>
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
  const dateTime = useDateTime()
  const pair = useLanguagePair()
  const name = useLanguageName()
  const thisYear = new Date().getFullYear()
  // "Nov 22, 10:29": the year only when it is not this one, so the column stays narrow.
  const submitted = (iso: string) => {
    const date = new Date(iso)
    return dateTime(date, { year: date.getFullYear() === thisYear ? undefined : 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
  }
  const ts = useTranslations('tasks.selection')
  // Completed tasks can be picked for one ZIP download; a selection never outlives its page.
  const [picked, setPicked] = useState<string[]>([])
  const [isZipping, setZipping] = useState(false)
  const completed = tasks.filter((task) => task.status === 'completed').map((task) => task.id)
  const selected = picked.filter((id) => completed.includes(id))
  const toggle = (id: string) => setPicked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  const selection: Selection | undefined =
    completed.length > 0 ? { all: selected.length === completed.length, some: selected.length > 0, toggleAll: () => setPicked(selected.length === completed.length ? [] : completed) } : undefined
  const zip = async () => {
    setZipping(true)
    try {
      await downloadZip(selected, 'translated')
    } catch (error) {
      toast.error(errorText(error, ts('failed')))
    } finally {
      setZipping(false)
    }
  }
  return (
    <div className="space-y-3">
      {selected.length > 0 && (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-brand/40 bg-brand-subtle/50 px-3 py-2 text-sm" data-testid="task-selection">
          <span className="font-medium text-fg">{ts('count', { count: selected.length })}</span>
          <div className="flex gap-1.5">
            <Button variant="ghost" size="sm" onClick={() => setPicked([])}>
              {ts('clear')}
            </Button>
            <Button size="sm" onClick={zip} isLoading={isZipping} data-testid="task-download-zip">
              {ts('downloadZip')}
            </Button>
          </div>
        </div>
      )}
    <Table data-testid="task-table">
      <Head selection={selection} />
      <TBody>
        {tasks.map((task) => (
          <TR key={task.id} data-testid="task-row" data-task-id={task.id}>
            <TD className="w-8 pr-0">
              {task.status === 'completed' && (
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  checked={selected.includes(task.id)}
                  onChange={() => toggle(task.id)}
                  aria-label={ts('select', { fileName: task.fileName })}
                  data-testid="task-select"
                />
              )}
            </TD>
            <TD className="max-w-72">
              <p className="truncate font-medium text-fg" title={task.fileName}>
                {task.fileName}
              </p>
              <p className="tabular mt-0.5 text-xs whitespace-nowrap text-subtle">
                <FormatLabel format={task.format} />
                {task.kind === 'transcription' && <SpeechLabel />}
                <span className="sr-only">{t('columns.submitted')} </span>
                {task.submitTime ? <time dateTime={task.submitTime}>{submitted(task.submitTime)}</time> : '—'}
              </p>
            </TD>
            <TD>
              <div className="flex flex-col items-start gap-1">
                {isTranscriptOnly(task) ? (
                  <span className="whitespace-nowrap text-muted" data-testid="task-transcript-only">
                    {t('kind.transcriptOnlyOf', { language: name(task.originalLanguage === 'auto' ? task.detectedLanguage || 'auto' : task.originalLanguage) })}
                  </span>
                ) : (
                  <>
                    <span className="whitespace-nowrap text-muted">{pair(task)}</span>
                    <ServiceBadge service={task.translationService} />
                  </>
                )}
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
    </div>
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
              <TD className="w-8 pr-0" />
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

/** A transcription without a target language: its subtitles stay in the spoken language. */
const isTranscriptOnly = (task: Task) => task.kind === 'transcription' && (task.targetLanguage === task.originalLanguage || task.targetLanguage === 'auto')

/** Marks a task made from a recording (speech to subtitles) rather than from a subtitle file. */
function SpeechLabel() {
  const t = useTranslations('tasks')
  return (
    <span className="mr-1.5 rounded border border-info/40 px-1 text-[10px] font-medium text-info" data-testid="task-kind" data-kind="transcription">
      {t('kind.transcription')}
    </span>
  )
}

/** The uploaded file's format as a short label (SRT, VTT, ASS) before the submit time. */
function FormatLabel({ format = 'srt' }: { format?: Task['format'] }) {
  return (
    <span className="mr-1.5 rounded border border-border px-1 text-[10px] font-medium tracking-wide text-muted uppercase" data-testid="task-format">
      {format}
    </span>
  )
}
