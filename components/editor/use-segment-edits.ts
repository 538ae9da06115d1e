'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { patchSegment, retranslateSegment, taskKeys, type TaskDetail } from '@/lib/client/tasks'
import { withChange, withoutField, withoutSettled, withSaved, withSegment, withStatus, type Draft, type EditableField, type Edits } from './drafts'

/** Typing pauses this long before a row saves on its own; leaving the box saves at once. */
export const SAVE_DEBOUNCE_MS = 800
const SAVED_TICK_MS = 2000

/**
 * Unsaved edits per row over the polled task: drafts win over server data until saved, so polling
 * never clobbers what the user is typing. One save per row is in flight at a time; anything typed
 * meanwhile is saved right after.
 */
export function useSegmentEdits(taskId: string) {
  const t = useTranslations('editor')
  const client = useQueryClient()
  const key = taskKeys.detail(taskId)
  const [edits, setEditsState] = useState<Edits>({})
  const [retranslating, setRetranslating] = useState<ReadonlySet<number>>(() => new Set())
  const editsRef = useRef<Edits>({})
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const inFlight = useRef(new Map<number, Promise<void>>())

  const update = useCallback((change: (edits: Edits) => Edits) => {
    editsRef.current = change(editsRef.current)
    setEditsState(editsRef.current)
  }, [])

  const clearTimer = (id: number) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
  }

  const flush = useCallback(
    async (id: number): Promise<void> => {
      clearTimer(id)
      const running = inFlight.current.get(id)
      if (running) {
        await running
        // the finished save re-schedules what was typed meanwhile; save it now instead
        if (editsRef.current[id]?.status === 'unsaved') return flush(id)
        return
      }
      const edit = editsRef.current[id]
      if (!edit || edit.status === 'saving' || Object.keys(edit.draft).length === 0) return
      const sent: Draft = { ...edit.draft }
      update((edits) => withStatus(edits, id, 'saving'))
      const work = (async () => {
        try {
          const saved = await patchSegment(taskId, id, sent)
          // a poll that started before this save must not bring back the old text
          await client.cancelQueries({ queryKey: key })
          client.setQueryData<TaskDetail>(key, (task) => (task ? withSegment(task, { ...sent, ...(saved ?? {}), id }) : task))
          update((edits) => withSaved(edits, id, sent))
          if (editsRef.current[id]?.status === 'unsaved') schedule(id)
          else setTimeout(() => update((edits) => withoutSettled(edits, id)), SAVED_TICK_MS)
        } catch (error) {
          update((edits) => withStatus(edits, id, 'error'))
          toast.error(t('saveFailed', { id }), { description: errorText(error, t('saveFailedHint')), id: `save-${id}` })
        } finally {
          inFlight.current.delete(id)
        }
      })()
      inFlight.current.set(id, work)
      await work
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is derived from taskId
    [client, taskId, t, update],
  )

  // eslint-disable-next-line react-hooks/exhaustive-deps -- a function declaration used by flush
  function schedule(id: number) {
    clearTimer(id)
    timers.current.set(
      id,
      setTimeout(() => void flush(id), SAVE_DEBOUNCE_MS),
    )
  }

  const change = useCallback(
    (id: number, field: EditableField, value: string) => {
      update((edits) => withChange(edits, id, field, value))
      schedule(id)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  )

  /** Saves both texts of a row at once (the pop-up editor). */
  const replace = useCallback(
    (id: number, draft: Draft) => {
      update((edits) => {
        let next = edits
        for (const field of Object.keys(draft) as EditableField[]) next = withChange(next, id, field, draft[field] ?? '')
        return next
      })
      return flush(id)
    },
    [flush, update],
  )

  const retranslate = useCallback(
    async (id: number) => {
      if (retranslating.has(id)) return
      setRetranslating((set) => new Set(set).add(id))
      try {
        // the server translates what it has: save a pending original first
        await flush(id)
        const segment = await retranslateSegment(taskId, id)
        await client.cancelQueries({ queryKey: key })
        if (segment && typeof segment.translatedText === 'string') {
          client.setQueryData<TaskDetail>(key, (task) => (task ? withSegment(task, { ...segment, id }) : task))
        } else {
          await client.invalidateQueries({ queryKey: key })
        }
        update((edits) => withoutField(edits, id, 'translatedText'))
        toast.success(t('retranslated', { id }), { id: `retranslate-${id}` })
      } catch (error) {
        toast.error(t('retranslateError'), { description: errorText(error, ''), id: `retranslate-${id}` })
      } finally {
        setRetranslating((set) => {
          const next = new Set(set)
          next.delete(id)
          return next
        })
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, flush, retranslating, taskId, t, update],
  )

  // Leaving the page saves what is pending; the browser warns while something is not yet saved.
  useEffect(() => {
    const pending = timers.current
    const warn = (event: BeforeUnloadEvent) => {
      if (Object.values(editsRef.current).some((edit) => edit.status === 'unsaved' || edit.status === 'saving' || edit.status === 'error')) {
        event.preventDefault()
      }
    }
    window.addEventListener('beforeunload', warn)
    return () => {
      window.removeEventListener('beforeunload', warn)
      for (const id of pending.keys()) void flush(id)
    }
  }, [flush])

  return { edits, retranslating, change, flush, replace, retranslate }
}
