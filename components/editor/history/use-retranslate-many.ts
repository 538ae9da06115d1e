'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { retranslateSegments, stopTaskPoll, writeCachedSegments, type TaskSegment } from '@/lib/client/tasks'
import { useEditorStoreApi } from '../state/editor-store-context'
import { translationOf } from './history'
import type { Pending, useOpRunner } from './use-op-runner'

/** "Retranslate selected": the rows' new translations as one undoable step. */
export function useRetranslateMany(taskId: string, run: ReturnType<typeof useOpRunner>, segmentsNow: () => TaskSegment[], pending: Pending) {
  const t = useTranslations('editor.ops')
  const client = useQueryClient()
  const store = useEditorStoreApi()
  return useCallback(
    (ids: number[]) =>
      run('retranslate', async () => {
        const byId = new Map(segmentsNow().map((s) => [s.id, s]))
        try {
          const saved = await retranslateSegments(taskId, ids)
          await stopTaskPoll(client, taskId)
          if (!saved) return
          pending.dropDrafts(saved.map((s) => ({ id: s.id, translatedText: '' })))
          writeCachedSegments(client, taskId, saved)
          store.getState().record(
            'retranslate',
            saved.map((s) => {
              const old = byId.get(s.id)
              return { id: s.id, before: old ? translationOf(old) : { translatedText: '' }, after: translationOf(s) }
            }),
          )
          toast.success(t('retranslated', { count: saved.length }), { id: 'retranslate-many' })
        } catch (error) {
          toast.error(t('retranslateFailed'), { description: errorText(error, '') || undefined, id: 'retranslate-many' })
        }
      }),
    [client, pending, run, segmentsNow, store, t, taskId],
  )
}
