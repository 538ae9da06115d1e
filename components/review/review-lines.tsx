'use client'

import { useTranslations } from 'next-intl'
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react'
import type { ReviewCommentDto, ReviewView } from '@/lib/client/reviews'
import { LINE_GRID, ReviewLine } from './review-line'

export type ReviewLinesHandle = { reveal: (id: number) => void }

type Props = { token: string; view: ReviewView; playingId: number | null; onSeek: (ms: number) => void }

/** The task's lines side by side; off-screen rows skip layout (content-visibility), so a long film stays smooth. */
export const ReviewLines = forwardRef<ReviewLinesHandle, Props>(function ReviewLines({ token, view, playingId, onSeek }, ref) {
  const t = useTranslations('review.page')
  const scroller = useRef<HTMLDivElement>(null)
  useImperativeHandle(ref, () => ({
    reveal: (id) => scroller.current?.querySelector(`[data-line="${id}"]`)?.scrollIntoView({ block: 'nearest' }),
  }))
  const commentsByLine = useMemo(() => {
    const byLine = new Map<number, ReviewCommentDto[]>()
    for (const comment of view.comments) byLine.set(comment.segmentId, [...(byLine.get(comment.segmentId) ?? []), comment])
    return byLine
  }, [view.comments])
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className={`${LINE_GRID} border-b border-border bg-surface-2/80 px-4 py-2 text-xs font-medium text-muted max-md:hidden md:px-6`} aria-hidden="true">
        <span>#</span>
        <span>{t('columns.time')}</span>
        <span>{t('columns.original')}</span>
        <span>{t('columns.translation')}</span>
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" role="list" aria-label={t('columns.list')} data-testid="review-lines">
        {view.segments.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-muted">{t('noLines')}</p>
        ) : (
          view.segments.map((line) => <ReviewLine key={line.id} token={token} line={line} canComment={view.mode === 'comment'} comments={commentsByLine.get(line.id)} speakerNames={view.speakerNames} isPlaying={line.id === playingId} onSeek={onSeek} />)
        )}
      </div>
    </div>
  )
})
