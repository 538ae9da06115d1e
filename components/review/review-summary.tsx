'use client'

import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { useLanguageName } from '@/components/tasks/language-name'
import type { ReviewView } from '@/lib/client/reviews'
import { useDateTime } from '@/lib/client/use-date-time'

/** The task under review: its file, languages, what the link allows and until when, and the video toggle. */
export function ReviewSummary({ view, isVideoShown, onVideo }: { view: ReviewView; isVideoShown: boolean; onVideo: () => void }) {
  const t = useTranslations('review.page')
  const languageName = useLanguageName()
  const when = useDateTime()
  const mine = view.comments.length
  return (
    <section className="shrink-0 border-b border-border bg-surface" aria-labelledby="review-title">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:px-6">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-brand">{t('eyebrow')}</p>
          <h1 id="review-title" className="truncate text-lg font-semibold text-fg" title={view.fileName} data-testid="review-file">
            {view.fileName}
          </h1>
          <p className="mt-0.5 text-sm text-muted">
            {t('languages', { source: languageName(view.sourceLanguage), target: languageName(view.targetLanguage) })}
            {' · '}
            {t('lineCount', { count: view.segments.length })}
            {' · '}
            {t('validUntil', { date: when(view.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {view.approved && (
            <Badge tone="success" testId="review-approved">
              {t('approved')}
            </Badge>
          )}
          {view.mode === 'comment' && mine > 0 && <Badge tone="info">{t('sentCount', { count: mine })}</Badge>}
          <Badge tone={view.mode === 'comment' ? 'brand' : 'neutral'} testId="review-mode">
            {t(view.mode === 'comment' ? 'modeComment' : 'modeRead')}
          </Badge>
          <Button size="sm" variant="secondary" aria-pressed={isVideoShown} onClick={onVideo} className={cn(isVideoShown && 'border-brand/40 bg-brand-subtle text-brand hover:bg-brand-subtle')} data-testid="review-video-toggle">
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
              <path d="M2 4.5h8.5v7H2zM10.5 7l3.5-2v6l-3.5-2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('video')}
          </Button>
        </div>
      </div>
      <p className={cn('flex items-center gap-2 border-t px-4 py-2 text-sm md:px-6', view.mode === 'comment' ? 'border-border bg-surface-2/50 text-muted' : 'border-warning/30 bg-warning-subtle text-fg')} data-testid="review-how">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={cn('size-4 shrink-0', view.mode === 'comment' ? 'text-brand' : 'text-warning')}>
          {view.mode === 'comment' ? (
            <path d="M2.5 3.5h11v7H7l-3 2.5v-2.5H2.5z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          ) : (
            <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v6.5h-9z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          )}
        </svg>
        {t(view.mode === 'comment' ? 'howComment' : 'howRead')}
      </p>
    </section>
  )
}
