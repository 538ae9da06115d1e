'use client'

import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { ReviewCommentDto } from '@/lib/client/reviews'

const TONE = { open: 'neutral', accepted: 'success', dismissed: 'warning' } as const

/** What the reviewer already sent on a line, with what the creator did with it. */
export function SentComments({ comments }: { comments: readonly ReviewCommentDto[] }) {
  const t = useTranslations('review.page')
  return (
    <ul className="mt-2 space-y-1.5" aria-label={t('sentLabel')}>
      {comments.map((comment) => (
        <li key={comment.id} className="rounded-md border border-border bg-surface px-2.5 py-2 text-xs" data-testid="review-sent" data-status={comment.status}>
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium text-muted">{t('you')}</span>
            <Badge tone={TONE[comment.status]}>{t(`status.${comment.status}`)}</Badge>
          </div>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{comment.body}</p>
          {comment.suggestion !== null && (
            <p className="mt-1 rounded bg-surface-2/70 px-2 py-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="review-sent-suggestion">
              <span className="mr-1.5 text-xs text-muted">{t('suggested')}</span>
              {comment.suggestion}
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
