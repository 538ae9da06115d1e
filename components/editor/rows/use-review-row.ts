'use client'

import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { useSegmentReview } from '@/lib/client/segment-review'

/**
 * "Review this segment" for a row, its outcome told in a toast. The row's typing is saved first
 * (`flush`), so the review reads what the person sees. `reviewing` holds the rows in flight.
 */
export function useReviewRow(taskId: string, flush: (id: number) => Promise<void>) {
  const tr = useTranslations('editor.review')
  const { reviewing, review } = useSegmentReview(taskId)
  const reviewRow = useCallback(
    async (id: number) => {
      await flush(id)
      try {
        const answer = await review(id)
        toast.success(answer.corrected ? tr('corrected', { id }) : tr('unchanged', { id }), { id: `review-${id}` })
      } catch (error) {
        toast.error(tr('failed'), { description: errorText(error, '') || undefined, id: `review-${id}` })
      }
    },
    [flush, review, tr],
  )
  return { reviewing, reviewRow }
}
