'use client'

import { useTranslations } from 'next-intl'
import { memo, type ReactNode } from 'react'
import { LocalizedLink } from '@/components/layout/localized-link'
import { useLanguageName, useLanguagePair } from '@/components/tasks/language-name'
import { ServiceBadge } from '@/components/tasks/service-badge'
import { isTranscriptOnly } from '@/components/tasks/transcript-only'
import { useRetryTaskAction } from '@/components/tasks/use-retry-task-action'
import { Badge } from '@/components/ui/badge'
import { Button, buttonClasses } from '@/components/ui/button'
import type { TaskDetail } from '@/lib/client/tasks'
import { summarize, type Edits } from '../drafts'

function SaveSummary({ edits }: { edits: Edits }) {
  const t = useTranslations('editor.saveState')
  const { unsaved, saving, failed } = summarize(edits)
  const text = failed ? t('failed', { count: failed }) : saving ? t('saving') : unsaved ? t('unsaved', { count: unsaved }) : t('allSaved')
  const tone = failed ? 'text-danger' : unsaved || saving ? 'text-warning' : 'text-subtle'
  return (
    <span className={`text-xs whitespace-nowrap ${tone}`} aria-live="polite" data-testid="save-summary" data-pending={unsaved + saving + failed}>
      {text}
    </span>
  )
}

function RetryButton({ task }: { task: TaskDetail }) {
  const t = useTranslations('editor')
  const retry = useRetryTaskAction(task)
  return (
    <Button variant="secondary" size="sm" onClick={retry.run} isLoading={retry.isPending} data-testid="editor-retry">
      {t('retry')}
    </Button>
  )
}

function NoSpeechBadge() {
  const t = useTranslations('noSpeech')
  return (
    <span data-testid="editor-no-speech-badge">
      <Badge>{t('status')}</Badge>
    </span>
  )
}

export function BackLink() {
  const t = useTranslations('editor')
  return (
    <LocalizedLink href="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-2 shrink-0' })} data-testid="editor-back">
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
        <path d="M10 3 5 8l5 5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="max-sm:sr-only">{t('back')}</span>
    </LocalizedLink>
  )
}

/** Sticky top of the editor: back, file, languages, service, progress, save state, export, profile. */
export const EditorHeader = memo(function EditorHeader({ task, edits, exportMenu, profile }: { task: TaskDetail; edits: Edits; exportMenu: ReactNode; profile: ReactNode }) {
  const t = useTranslations('editor')
  const tk = useTranslations('tasks.kind')
  const pair = useLanguagePair()
  const name = useLanguageName()
  const pct = Math.max(0, Math.min(100, Math.round(task.progress ?? 0)))
  // A transcript is in the language spoken: no "English → English", no translation service.
  const isTranscript = isTranscriptOnly(task)
  const languages = isTranscript ? tk('transcriptOnlyOf', { language: name(task.detectedLanguage || task.originalLanguage) }) : pair(task)
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-surface/95 backdrop-blur">
      <div className="flex h-14 items-center gap-3 px-4 md:px-6">
        <BackLink />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm font-semibold text-fg" title={task.fileName} data-testid="editor-file-name">
            {task.fileName}
          </h1>
          <p className="flex items-center gap-2 text-xs text-muted">
            {task.kind === 'transcription' ? (
              // Made from a recording: its format is only the exports' default, so the badge says where it came from.
              <span className="shrink-0 rounded border border-info/40 px-1 text-[10px] font-medium whitespace-nowrap text-info" data-testid="editor-kind" data-kind="transcription">
                {tk('transcription')}
              </span>
            ) : (
              <span className="rounded border border-border px-1 text-[10px] font-medium tracking-wide uppercase" data-testid="editor-format">
                {task.format ?? 'srt'}
              </span>
            )}
            <span className="truncate" data-testid="editor-languages">
              {languages}
            </span>
            <span className="tabular text-subtle max-sm:hidden">· {t('segmentCount', { count: task.segments.length })}</span>
          </p>
        </div>
        {!isTranscript && <ServiceBadge service={task.translationService} />}
        {task.status === 'no_speech' && <NoSpeechBadge />}
        {task.status === 'failed' && (
          <>
            <Badge tone="danger">{t('failed')}</Badge>
            <RetryButton task={task} />
          </>
        )}
        <span className="max-md:hidden">
          <SaveSummary edits={edits} />
        </span>
        {exportMenu}
        <div className="max-sm:hidden">{profile}</div>
      </div>
      {task.status === 'translating' && (
        <div className="flex items-center gap-3 border-t border-border bg-info-subtle/60 px-4 py-1.5 md:px-6" data-testid="editor-progress">
          <span className="text-xs whitespace-nowrap text-info">{t('translating', { progress: pct })}</span>
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-2" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('translating', { progress: pct })}>
            <div className="h-full rounded-full bg-info transition-[width] duration-500" style={{ width: `${pct}%` }} />
          </div>
          <span className="text-xs text-subtle max-md:hidden">{t('keepsRunning')}</span>
        </div>
      )}
    </header>
  )
})
