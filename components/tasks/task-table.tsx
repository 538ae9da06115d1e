'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { useLanguageName, useLanguagePair } from './language-name'
import { ServiceBadge } from './service-badge'
import { isTranscriptOnly } from './transcript-only'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import { downloadZip, type Task } from '@/lib/client/tasks'
import { TaskActions } from './task-actions'
import { TaskStatusBadge } from './task-status-badge'
import { useDateTime } from '@/lib/client/use-date-time'

type Selection = { all: boolean; some: boolean; toggleAll: () => void }

// Fixed column widths (the table is laid out `table-fixed`): the file name takes what is left and
// is cut short, languages wrap, and the actions always fit, so the table never scrolls sideways
// on a laptop. Below 1280 px the cost moves under the file name.
const COST_COLUMN = 'max-xl:hidden'

function Columns() {
  return (
    <colgroup>
      <col className="w-10" />
      <col />
      <col className="w-[26%]" />
      <col className="w-44" />
      <col className={cn('w-28', COST_COLUMN)} />
      <col className="w-40" />
    </colgroup>
  )
}

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
        <TH className={cn('text-right', COST_COLUMN)}>{t('cost')}</TH>
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
    <Table data-testid="task-table" className="table-fixed">
      <Columns />
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
            <TD>
              <p className="truncate font-medium text-fg" title={task.fileName} data-testid="task-file-name">
                {task.fileName}
              </p>
              <p className="tabular mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-subtle">
                {/* A transcript's format is only its export's default: the label says where it came from instead. */}
                {task.kind === 'transcription' ? <SpeechLabel /> : <FormatLabel format={task.format} />}
                <span className="whitespace-nowrap">
                  <span className="sr-only">{t('columns.submitted')} </span>
                  {task.submitTime ? <time dateTime={task.submitTime}>{submitted(task.submitTime)}</time> : '—'}
                </span>
                {typeof task.cost === 'number' && <span className="whitespace-nowrap xl:hidden">· {t('points', { points: task.cost })}</span>}
              </p>
            </TD>
            <TD>
              <div className="flex flex-col items-start gap-1">
                {isTranscriptOnly(task) ? (
                  <span className="text-muted" data-testid="task-transcript-only">
                    {t('kind.transcriptOnlyOf', { language: name(task.originalLanguage === 'auto' ? task.detectedLanguage || 'auto' : task.originalLanguage) })}
                  </span>
                ) : (
                  <>
                    <span className="text-muted" data-testid="task-languages">{pair(task)}</span>
                    <ServiceBadge service={task.translationService} />
                  </>
                )}
              </div>
            </TD>
            <TD>
              <TaskStatusBadge task={task} />
            </TD>
            <TD className={cn('tabular text-right whitespace-nowrap text-muted', COST_COLUMN)}>{typeof task.cost === 'number' ? t('points', { points: task.cost }) : '—'}</TD>
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
      <Table className="table-fixed">
        <Columns />
        <Head />
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <TD className="w-8 pr-0" />
              <TD>
                <Skeleton className="h-4 w-full max-w-44" />
                <Skeleton className="mt-1.5 h-3 w-24" />
              </TD>
              <TD>
                <Skeleton className="h-4 w-32" />
                <Skeleton className="mt-1.5 h-4 w-16 rounded-full" />
              </TD>
              <TD>
                <Skeleton className="h-5 w-20 rounded-full" />
              </TD>
              <TD className={COST_COLUMN}>
                <Skeleton className="ml-auto h-4 w-14" />
              </TD>
              <TD>
                <Skeleton className="ml-auto h-8 w-24" />
              </TD>
            </tr>
          ))}
        </TBody>
      </Table>
    </div>
  )
}

/** Marks a task made from a recording (speech to subtitles) rather than from a subtitle file. */
function SpeechLabel() {
  const t = useTranslations('tasks')
  return (
    <span className="rounded border border-info/40 px-1 text-[10px] font-medium whitespace-nowrap text-info" data-testid="task-kind" data-kind="transcription">
      {t('kind.transcription')}
    </span>
  )
}

/** The uploaded file's format as a short label (SRT, VTT, ASS) before the submit time. */
function FormatLabel({ format = 'srt' }: { format?: Task['format'] }) {
  return (
    <span className="rounded border border-border px-1 text-[10px] font-medium tracking-wide text-muted uppercase" data-testid="task-format">
      {format}
    </span>
  )
}
