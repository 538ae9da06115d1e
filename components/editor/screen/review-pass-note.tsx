'use client'

import { useTranslations } from 'next-intl'
import { Alert } from '@/components/ui/alert'
import type { TaskDetail } from '@/lib/client/tasks'

/**
 * What became of a completed task's review pass: every line reviewed (memory's lines included),
 * or some line not reviewed and the review's price given back (lib/tasks/pipeline/review.ts).
 */
export function ReviewPassNote({ task }: { task: Pick<TaskDetail, 'review' | 'reviewCost' | 'reviewIncomplete' | 'status'> }) {
  const t = useTranslations('editor.reviewPass')
  if (!task.review || task.status !== 'completed') return null
  return (
    <div className="mx-4 mt-3 mb-1 md:mx-6" data-testid="review-pass-note" data-outcome={task.reviewIncomplete ? 'refunded' : 'reviewed'}>
      <Alert tone={task.reviewIncomplete ? 'warning' : 'info'} className="py-2">
        <p>{task.reviewIncomplete ? t('refunded', { points: task.reviewCost }) : t('reviewed')}</p>
      </Alert>
    </div>
  )
}
