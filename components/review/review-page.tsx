'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useRef, useState } from 'react'
import { errorText, isApiError } from '@/lib/client/api'
import { useReviewView } from '@/lib/client/reviews'
import { ReviewLines, type ReviewLinesHandle } from './review-lines'
import { ReviewSummary } from './review-summary'
import { ReviewGone, ReviewLoadError, ReviewSkeleton } from './review-states'
import { ReviewVideo, type ReviewVideoHandle } from './review-video'

/** What a review link opens: the task's lines side by side, the reviewer's own video beside them, comments and suggestions. */
export function ReviewPage({ token }: { token: string }) {
  const t = useTranslations('review.page')
  const view = useReviewView(token)
  const [isVideoShown, setVideoShown] = useState(false)
  const [playingId, setPlayingId] = useState<number | null>(null)
  const video = useRef<ReviewVideoHandle>(null)
  const lines = useRef<ReviewLinesHandle>(null)
  const onCue = useCallback((id: number | null, follow: boolean) => {
    setPlayingId(id)
    if (id !== null && follow) lines.current?.reveal(id)
  }, [])

  if (view.isPending) return <ReviewSkeleton />
  if (view.isError) {
    if (isApiError(view.error, 'not_found')) return <ReviewGone />
    return <ReviewLoadError message={errorText(view.error, t('loadFailed'))} onRetry={() => void view.refetch()} isRetrying={view.isFetching} />
  }
  const data = view.data
  return (
    <>
      <ReviewSummary view={data} isVideoShown={isVideoShown} onVideo={() => setVideoShown((shown) => !shown)} />
      <main className="flex min-h-0 flex-1 flex-col bg-surface md:flex-row" data-testid="review-page" data-mode={data.mode}>
        {isVideoShown && <ReviewVideo ref={video} segments={data.segments} onCue={onCue} onHide={() => setVideoShown(false)} />}
        <ReviewLines ref={lines} token={token} view={data} playingId={playingId} onSeek={(ms) => video.current?.seek(ms) || setVideoShown(true)} />
      </main>
    </>
  )
}
