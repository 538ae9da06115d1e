'use client'

import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
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
          <Button size="sm" variant={isVideoShown ? 'secondary' : 'ghost'} aria-pressed={isVideoShown} onClick={onVideo} data-testid="review-video-toggle">
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
              <path d="M2 4.5h8.5v7H2zM10.5 7l3.5-2v6l-3.5-2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('video')}
          </Button>
        </div>
      </div>
      <p className="border-t border-border bg-surface-2/50 px-4 py-2 text-sm text-muted md:px-6" data-testid="review-how">
        {t(view.mode === 'comment' ? 'howComment' : 'howRead')}
      </p>
    </section>
  )
}
