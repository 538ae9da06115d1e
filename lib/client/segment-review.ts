'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { SegmentReviewDto } from '@/lib/tasks/contract'
import { api } from './api'
import { putSegments } from './tasks'

// The editor's "review this segment" (POST /api/tasks/{id}/segments/{segmentId}/review).

export type SegmentReview = SegmentReviewDto

export const reviewSegment = (taskId: string, segmentId: number) =>
  api<SegmentReview>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/review`, { method: 'POST' })

/**
 * Reviews one segment of the editor's task and puts the answer in the cached task, so the row
 * shows the correction (and its "reviewed" badge) at once. `reviewing` holds the rows in flight;
 * `review` resolves with the answer and rejects with the server's error.
 */
export function useSegmentReview(taskId: string) {
  const client = useQueryClient()
  const [reviewing, setReviewing] = useState<ReadonlySet<number>>(new Set())
  const review = useCallback(
    async (segmentId: number): Promise<SegmentReview> => {
      setReviewing((now) => new Set(now).add(segmentId))
      try {
        const answer = await reviewSegment(taskId, segmentId)
        await putSegments(client, taskId, [answer.segment])
        return answer
      } finally {
        setReviewing((now) => {
          const next = new Set(now)
          next.delete(segmentId)
          return next
        })
      }
    },
    [client, taskId],
  )
  return { reviewing, review }
}
