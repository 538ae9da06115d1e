'use client'

import { useTranslations } from 'next-intl'
import { LocalizedLink } from '@/components/layout/localized-link'
import { Alert } from '@/components/ui/alert'
import { Button, buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { RetryAlert } from '@/components/ui/load-states'
import { Skeleton, SkeletonGridRows } from '@/components/ui/skeleton'
import { BackLink } from './editor-header'

/** Takes the final layout's size while the task loads, so nothing jumps when it arrives. */
export function EditorSkeleton() {
  const t = useTranslations('common')
  return (
    <div className="flex h-dvh flex-col bg-bg" role="status" aria-label={t('loading')}>
      <div className="flex h-14 items-center gap-3 border-b border-border bg-surface px-4 md:px-6">
        <Skeleton className="h-8 w-20" />
        <div className="flex-1 space-y-1.5">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-32" />
        </div>
        <Skeleton className="h-8 w-24" />
      </div>
      <div className="flex-1 overflow-hidden bg-surface">
        <SkeletonGridRows rows={12} className="grid-cols-[3rem_5.25rem_1fr_1fr] px-6" cells={['h-4 w-6', 'h-8 w-16', 'h-8', 'h-8']} />
      </div>
    </div>
  )
}

export function EditorMissing() {
  const t = useTranslations('editor')
  const tc = useTranslations('common')
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg px-6 text-center" data-testid="task-missing">
      <p className="text-lg font-semibold text-fg">{t('missing')}</p>
      <p className="max-w-sm text-sm text-muted">{t('missingHint')}</p>
      <LocalizedLink href="/dashboard" className={buttonClasses({ variant: 'primary' })}>
        {tc('backHome')}
      </LocalizedLink>
    </main>
  )
}

export function EditorLoadError({ message, onRetry, isRetrying }: { message: string; onRetry: () => void; isRetrying: boolean }) {
  const t = useTranslations('editor')
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 px-6">
      <div>
        <BackLink />
      </div>
      <RetryAlert onRetry={onRetry} isRetrying={isRetrying}>
        <p className="font-medium">{t('loadError')}</p>
        <p className="mt-0.5 opacity-90">{message}</p>
      </RetryAlert>
    </main>
  )
}

/**
 * What the rows' place shows when there is no row to show: a recording without speech, a task
 * without segments, or a "flagged only" view with none left (`onShowAll` turns the filter off).
 * Null when there are rows.
 */
export function EditorNoRows({ isNoSpeech, total, shown, onShowAll }: { isNoSpeech: boolean; total: number; shown: number; onShowAll: () => void }) {
  const t = useTranslations('editor')
  const tn = useTranslations('noSpeech')
  if (isNoSpeech)
    return (
      <div className="p-6" data-testid="editor-no-speech">
        <EmptyState title={tn('title')} body={tn('body')} />
      </div>
    )
  if (total === 0)
    return (
      <div className="p-6">
        <EmptyState title={t('export.noData')} body={t('emptyHint')} />
      </div>
    )
  if (shown > 0) return null
  return (
    <div className="p-6">
      <EmptyState
        title={t('quality.noneInView')}
        action={
          <Button variant="secondary" onClick={onShowAll}>
            {t('quality.showAll')}
          </Button>
        }
      />
    </div>
  )
}

/** Over the rows of a failed task: what happened, and the provider's reason when there is one. */
export function EditorFailed({ error }: { error: string | null | undefined }) {
  const t = useTranslations('editor')
  return (
    <Alert tone="danger" className="mx-4 mt-3 mb-3 md:mx-6">
      <p>{t('failedNotice')}</p>
      {error && <p className="mt-0.5 text-xs break-words opacity-80">{error}</p>}
    </Alert>
  )
}
