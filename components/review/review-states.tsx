'use client'

import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'
import { RetryAlert } from '@/components/ui/load-states'
import { Skeleton, SkeletonGridRows } from '@/components/ui/skeleton'

/** The page while the lines load: the summary bar and rows at their final size. */
export function ReviewSkeleton() {
  const t = useTranslations('review.page')
  return (
    <div className="flex-1 bg-surface" aria-busy="true" aria-label={t('loading')} data-testid="review-loading">
      <div className="border-b border-border px-4 py-3 md:px-6">
        <Skeleton className="h-5 w-64" />
        <Skeleton className="mt-2 h-4 w-96 max-w-full" />
      </div>
      <SkeletonGridRows rows={8} className="grid-cols-[3rem_5rem_1fr_1fr] px-4 md:px-6" cells={['h-4 w-6', 'h-4 w-14', 'h-4 w-full', 'h-4 w-5/6']} />
    </div>
  )
}

/** A link that was revoked, expired or never existed: the API answers them alike, and so does the page. */
export function ReviewGone() {
  const t = useTranslations('review.page')
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10" data-testid="review-gone">
      <EmptyState
        className="w-full max-w-lg bg-surface"
        icon={
          <svg viewBox="0 0 16 16" fill="none" aria-hidden="true">
            <path d="M6.5 9.5 9.5 6.5M7 4.5l1.2-1.2a2.6 2.6 0 0 1 3.7 3.7L10.7 8.2M9 11.5l-1.2 1.2a2.6 2.6 0 0 1-3.7-3.7l1.2-1.2M2.5 2.5l11 11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        }
        title={<span role="heading" aria-level={1}>{t('goneTitle')}</span>}
        body={t('goneBody')}
      />
    </main>
  )
}

export function ReviewLoadError({ message, onRetry, isRetrying }: { message: string; onRetry: () => void; isRetrying: boolean }) {
  return (
    <main className="mx-auto w-full max-w-xl flex-1 px-4 py-10" data-testid="review-error">
      <RetryAlert onRetry={onRetry} isRetrying={isRetrying}>
        {message}
      </RetryAlert>
    </main>
  )
}
