'use client'

import { useTranslations } from 'next-intl'
import { memo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import type { ReviewCommentDto, ReviewView } from '@/lib/client/reviews'
import { speakerNumber } from '@/lib/client/speakers'
import { shortTime } from '@/lib/client/task-helpers'
import { parseTime } from '@/lib/subtitles/time'
import { CommentForm } from './comment-form'
import { SentComments } from './sent-comments'

type Line = ReviewView['segments'][number]

export const LINE_GRID = 'grid grid-cols-[2.75rem_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-[3rem_6rem_minmax(0,1fr)_minmax(0,1fr)]'

type Props = {
  token: string
  line: Line
  canComment: boolean
  comments: readonly ReviewCommentDto[] | undefined
  speakerNames: Readonly<Record<string, string>>
  isPlaying: boolean
  onSeek: (ms: number) => void
}

/** One line: its number and speakers, times, original and translation, what the reviewer sent on it, and "Comment". */
function ReviewLineView({ token, line, canComment, comments, speakerNames, isPlaying, onSeek }: Props) {
  const t = useTranslations('review.page')
  const ts = useTranslations('editor.speakers')
  const [isWriting, setWriting] = useState(false)
  const hasComments = (comments?.length ?? 0) > 0
  return (
    <div
      role="listitem"
      data-line={line.id}
      data-testid="review-line"
      data-playing={isPlaying || undefined}
      className={cn('border-b border-border px-4 py-2.5 [contain-intrinsic-size:auto_64px] [content-visibility:auto] md:px-6', isPlaying ? 'bg-info-subtle shadow-[inset_3px_0_0_var(--info)]' : hasComments ? 'bg-brand-subtle/30' : 'bg-surface')}
    >
      <div className={LINE_GRID}>
        <div className="tabular flex flex-col items-start gap-1 pt-0.5 text-xs font-medium text-subtle">
          {line.id}
          {line.speakers.map((label, i) => (
            <span key={`${label}-${i}`} className="max-w-full truncate rounded bg-surface-2 px-1.5 py-px text-[11px] leading-4 font-medium text-muted" data-testid="review-speaker">
              {speakerNames[label] ?? ts('unnamed', { number: speakerNumber(label) })}
            </span>
          ))}
        </div>
        <div className="tabular flex gap-1.5 pt-0.5 text-xs leading-tight text-muted md:flex-col md:gap-0.5">
          <button type="button" onClick={() => onSeek(parseTime(line.startTime) ?? 0)} aria-label={t('seek', { id: line.id, time: shortTime(line.startTime) })} className="-mx-1 w-fit rounded px-1 text-left hover:bg-surface-2 hover:text-brand focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none">
            {shortTime(line.startTime)}
          </button>
          <span className="text-subtle max-md:before:mr-1.5 max-md:before:content-['→']">{shortTime(line.endTime)}</span>
        </div>
        <p className="col-start-2 text-sm leading-relaxed break-words whitespace-pre-line text-fg md:col-start-auto" data-testid="review-original">
          {line.originalText}
        </p>
        <div className="col-start-2 md:col-start-auto">
          <p className={cn('text-sm leading-relaxed break-words whitespace-pre-line', line.translatedText ? 'text-fg' : 'text-subtle italic')} data-testid="review-translation">
            {line.translatedText || t('noTranslation')}
          </p>
          {hasComments && <SentComments comments={comments!} />}
          {canComment &&
            (isWriting ? (
              <CommentForm token={token} line={line} onDone={() => setWriting(false)} />
            ) : (
              <Button size="sm" variant="ghost" className="mt-1 -ml-2 h-7 px-2 text-xs text-brand" onClick={() => setWriting(true)} aria-label={t('commentOn', { id: line.id })} data-testid="review-comment-open">
                <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3.5">
                  <path d="M2.5 3.5h11v7H7l-3 2.5v-2.5H2.5z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
                </svg>
                {t('comment')}
              </Button>
            ))}
        </div>
      </div>
    </div>
  )
}

export const ReviewLine = memo(ReviewLineView)
