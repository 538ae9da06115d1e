'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import { useReviewComments, useSettleReviewComment, type ReviewCommentDto } from '@/lib/client/reviews'
import { cachedSegments, type SegmentWrite } from '@/lib/client/tasks'

type RowReview = {
  /** Open comments per row id. */
  byRow: ReadonlyMap<number, readonly ReviewCommentDto[]>
  settling: string | null
  accept: (comment: ReviewCommentDto) => Promise<void>
  dismiss: (comment: ReviewCommentDto) => Promise<void>
}

const RowReviewContext = createContext<RowReview | null>(null)
const NONE: readonly ReviewCommentDto[] = []

/**
 * Reviewers' open comments for the editor's rows. Accepting a suggestion writes the line through
 * the editor's own edit path (`applyTexts`: one undo step, the memory learns it), then marks the
 * comment accepted; the server sees the text already there and does not write it again.
 */
export function useRowReview(taskId: string, applyTexts: (writes: SegmentWrite[]) => Promise<void>) {
  const t = useTranslations('review.comments')
  const client = useQueryClient()
  const comments = useReviewComments(taskId)
  const settle = useSettleReviewComment(taskId)
  const [settling, setSettling] = useState<string | null>(null)
  const open = useMemo(() => (comments.data ?? []).filter((c) => c.status === 'open'), [comments.data])
  const byRow = useMemo(() => {
    const rows = new Map<number, ReviewCommentDto[]>()
    for (const comment of open) rows.set(comment.segmentId, [...(rows.get(comment.segmentId) ?? []), comment])
    return rows
  }, [open])

  const run = useCallback(
    async (comment: ReviewCommentDto, action: 'accept' | 'dismiss') => {
      setSettling(comment.id)
      try {
        if (action === 'accept' && comment.suggestion !== null) {
          await applyTexts([{ id: comment.segmentId, translatedText: comment.suggestion }])
          const line = cachedSegments(client, taskId).find((s) => s.id === comment.segmentId)
          // The write failed or another operation held the editor: the comment stays open.
          if (line?.translatedText !== comment.suggestion) return
        }
        await settle.mutateAsync({ commentId: comment.id, action })
        toast.success(t(action === 'accept' ? (comment.suggestion === null ? 'resolvedToast' : 'acceptedToast') : 'dismissedToast', { id: comment.segmentId }))
      } catch (error) {
        toast.error(errorText(error, t('failed')))
      } finally {
        setSettling(null)
      }
    },
    [applyTexts, client, settle, t, taskId],
  )

  const value = useMemo<RowReview>(() => ({ byRow, settling, accept: (c) => run(c, 'accept'), dismiss: (c) => run(c, 'dismiss') }), [byRow, run, settling])
  const rows = useMemo(() => [...byRow.keys()].sort((a, b) => a - b), [byRow])
  return { value, openCount: open.length, rows }
}

export function RowReviewProvider({ value, children }: { value: RowReview; children: ReactNode }) {
  return <RowReviewContext.Provider value={value}>{children}</RowReviewContext.Provider>
}

const CommentIcon = () => (
  <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3.5 shrink-0">
    <path d="M2.5 3.5h11v7H7l-3 2.5v-2.5H2.5z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
  </svg>
)

/** The reviewers' open comments on one row, under its translation: the comment, the suggested text, accept or dismiss. */
export function RowReviewComments({ segmentId }: { segmentId: number }) {
  const review = useContext(RowReviewContext)
  const t = useTranslations('review.comments')
  const comments = review?.byRow.get(segmentId) ?? NONE
  if (!review || comments.length === 0) return null
  return (
    <ul className="mt-1.5 space-y-1.5" aria-label={t('label', { id: segmentId, count: comments.length })} data-testid="row-review-comments" onClick={(e) => e.stopPropagation()}>
      {comments.map((comment) => {
        const isBusy = review.settling === comment.id
        return (
          <li key={comment.id} className="rounded-md border border-info/30 bg-info-subtle/60 px-2.5 py-2 text-xs" data-testid="row-review-comment">
            <p className="flex items-center gap-1.5 font-medium text-info">
              <CommentIcon />
              {t(comment.suggestion === null ? 'commentBy' : 'suggestionBy')}
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="row-review-body">
              {comment.body}
            </p>
            {comment.suggestion !== null && (
              <p className="mt-1.5 rounded bg-surface px-2 py-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="row-review-suggestion">
                <span className="mr-1.5 text-xs text-muted">{t('suggested')}</span>
                {comment.suggestion}
              </p>
            )}
            <div className="mt-1.5 flex flex-wrap justify-end gap-1.5">
              <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" disabled={review.settling !== null} onClick={() => void review.dismiss(comment)} data-testid="row-review-dismiss">
                {t('dismiss')}
              </Button>
              <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" isLoading={isBusy} disabled={review.settling !== null} onClick={() => void review.accept(comment)} data-testid="row-review-accept">
                {t(comment.suggestion === null ? 'resolve' : 'accept')}
              </Button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
