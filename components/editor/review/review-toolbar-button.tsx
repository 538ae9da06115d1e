'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { cn } from '@/components/ui/cn'
import { ReviewShareDialog } from './review-share-dialog'

/** The toolbar's "Share for review": opens the share dialog; shows how many reviewer comments wait on the rows. */
export function ReviewToolbarButton({ taskId, openComments, commentRows, onGoToRow }: { taskId: string; openComments: number; commentRows: readonly number[]; onGoToRow: (id: number) => void }) {
  const t = useTranslations('review.share')
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title={t('button')}
        data-testid="toolbar-share"
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
      >
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
          <path d="M6.5 9.5 9.5 6.5M7 4.5l1.2-1.2a2.6 2.6 0 0 1 3.7 3.7L10.7 8.2M9 11.5l-1.2 1.2a2.6 2.6 0 0 1-3.7-3.7l1.2-1.2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <span className="max-lg:sr-only">{t('button')}</span>
        {openComments > 0 && (
          <span className={cn('tabular rounded-full bg-info-subtle px-1.5 text-[11px] leading-4 text-info')} data-testid="toolbar-share-comments">
            <span aria-hidden="true">{openComments}</span>
            <span className="sr-only">{t('openComments', { count: openComments })}</span>
          </span>
        )}
      </button>
      <ReviewShareDialog
        taskId={taskId}
        open={open}
        onOpenChange={setOpen}
        commentRows={commentRows}
        onGoToRow={(id) => {
          setOpen(false)
          // After the dialog has handed the focus back to this button.
          setTimeout(() => onGoToRow(id), 0)
        }}
      />
    </>
  )
}
