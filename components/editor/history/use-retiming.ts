'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { snapSegments } from '@/lib/client/speech'
import { shiftSegments, stopTaskPoll, writeCachedSegments, type TaskSegment } from '@/lib/client/tasks'
import { useEditorStoreApi } from '../state/editor-store-context'
import type { useOpRunner } from './use-op-runner'

type Run = ReturnType<typeof useOpRunner>

/** Timing operations the server computes (shift, snap to speech), each one undoable step. */
export function useRetiming(taskId: string, run: Run, segmentsNow: () => TaskSegment[]) {
  const t = useTranslations('editor.ops')
  const client = useQueryClient()
  const store = useEditorStoreApi()

  /** New times from the server as one undoable step; answers the rows it moved. */
  const retime = useCallback(
    async (request: () => Promise<TaskSegment[] | null>): Promise<TaskSegment[] | null> => {
      const byId = new Map(segmentsNow().map((s) => [s.id, s]))
      const saved = await request()
      await stopTaskPoll(client, taskId)
      if (!saved) return null
      writeCachedSegments(client, taskId, saved)
      store.getState().record(
        'shift',
        saved.map((s) => {
          const old = byId.get(s.id)
          return { id: s.id, before: { startTime: old?.startTime ?? s.startTime, endTime: old?.endTime ?? s.endTime }, after: { startTime: s.startTime, endTime: s.endTime } }
        }),
      )
      return saved
    },
    [client, segmentsNow, store, taskId],
  )

  const shift = useCallback(
    (offsetMs: number, ids?: number[]) =>
      run('shift', async () => {
        try {
          const saved = await retime(() => shiftSegments(taskId, offsetMs, ids))
          if (saved) toast.success(t('shifted', { count: saved.length }), { id: 'shift' })
        } catch (error) {
          toast.error(t('shiftFailed'), { description: errorText(error, '') || undefined, id: 'shift' })
        }
      }),
    [retime, run, t, taskId],
  )

  /** "Snap to speech": the rows' starts and ends onto the speech they cover (the server's timing code). */
  const snap = useCallback(
    (ids: number[]) =>
      run('shift', async () => {
        try {
          let silent = 0
          const saved = await retime(async () => {
            const answer = await snapSegments(taskId, ids)
            silent = answer.silentIds.length
            return answer.segments
          })
          if (!saved) return
          if (silent > 0) toast.warning(t('snapSilent', { count: silent }), { id: 'snap' })
          else toast.success(t('snapped', { count: saved.length }), { id: 'snap' })
        } catch (error) {
          toast.error(t('snapFailed'), { description: errorText(error, '') || undefined, id: 'snap' })
        }
      }),
    [retime, run, t, taskId],
  )

  return { shift, snap }
}
