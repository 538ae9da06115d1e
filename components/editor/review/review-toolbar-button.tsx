'use client'

import { useTranslations } from 'next-intl'
import { cn } from '@/components/ui/cn'
import { ToolbarDialogButton } from '../screen/toolbar-text-button'
import { ReviewShareDialog } from './review-share-dialog'

/** The toolbar's "Share for review": opens the share dialog; shows how many reviewer comments wait on the rows. */
export function ReviewToolbarButton({ taskId, openComments, commentRows, onGoToRow }: { taskId: string; openComments: number; commentRows: readonly number[]; onGoToRow: (id: number) => void }) {
  const t = useTranslations('review.share')
  return (
    <ToolbarDialogButton
      label={t('button')}
      testId="toolbar-share"
      icon={<path d="M6.5 9.5 9.5 6.5M7 4.5l1.2-1.2a2.6 2.6 0 0 1 3.7 3.7L10.7 8.2M9 11.5l-1.2 1.2a2.6 2.6 0 0 1-3.7-3.7l1.2-1.2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />}
      badge={
        openComments > 0 && (
          <span className={cn('tabular rounded-full bg-info-subtle px-1.5 text-[11px] leading-4 text-info')} data-testid="toolbar-share-comments">
            <span aria-hidden="true">{openComments}</span>
            <span className="sr-only">{t('openComments', { count: openComments })}</span>
          </span>
        )
      }
      dialog={(open, setOpen) => (
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
      )}
    />
  )
}
