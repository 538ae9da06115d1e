'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { cachedSegments, patchSegments, stopTaskPoll, writeCachedSegments, type SegmentWrite, type TaskSegment } from '@/lib/client/tasks'
import type { Pending } from './use-op-runner'

/**
 * Writes many rows in one request: shown at once (their drafts dropped), sent, and settled with
 * the server's answer; put back as they were when the server refuses. Answers whether it saved.
 */
export function useBulkWrite(taskId: string, pending: Pending) {
  const t = useTranslations('editor.ops')
  const client = useQueryClient()
  const segmentsNow = useCallback(() => cachedSegments(client, taskId), [client, taskId])
  const write = useCallback(
    async (writes: SegmentWrite[]): Promise<boolean> => {
      const byId = new Map(segmentsNow().map((s) => [s.id, s]))
      const previous = writes.map((w) => byId.get(w.id)).filter((s): s is TaskSegment => Boolean(s))
      await stopTaskPoll(client, taskId)
      pending.dropDrafts(writes)
      writeCachedSegments(client, taskId, writes)
      try {
        const saved = await patchSegments(taskId, writes)
        await stopTaskPoll(client, taskId)
        if (saved) writeCachedSegments(client, taskId, saved)
        return true
      } catch (error) {
        writeCachedSegments(client, taskId, previous)
        toast.error(t('saveFailed'), { description: errorText(error, '') || undefined, id: 'bulk-save' })
        return false
      }
    },
    [client, pending, segmentsNow, t, taskId],
  )
  return { write, segmentsNow }
}
