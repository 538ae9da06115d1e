'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { cachedSegments, patchSegment, putSegments, refreshTask, retranslateSegment, stopTaskPoll } from '@/lib/client/tasks'
import { translationOf, type Change, type SegmentFields } from '../history/history'
import { withChange, withoutField, withoutSettled, withSaved, withStatus, type Draft, type EditableField, type Edits } from '../drafts'
import { useEditorStore, useEditorStoreApi } from './editor-store-context'

/** Typing pauses this long before a row saves on its own; leaving the box saves at once. */
export const SAVE_DEBOUNCE_MS = 800
const SAVED_TICK_MS = 2000

type Timers = Map<number, ReturnType<typeof setTimeout>>

function clearTimer(timers: Timers, id: number) {
  const timer = timers.get(id)
  if (timer) clearTimeout(timer)
  timers.delete(id)
}

const isPending = (edits: Edits) => Object.values(edits).some((edit) => edit.status !== 'saved')

/**
 * Unsaved edits per row over the polled task: drafts win over server data until saved, so polling
 * never clobbers what the user is typing. One save per row is in flight at a time; anything typed
 * meanwhile is saved right after.
 */
export function useSegmentEdits(taskId: string, { onSaved }: { onSaved?: (change: Change) => void } = {}) {
  const t = useTranslations('editor')
  const client = useQueryClient()
  const store = useEditorStoreApi()
  const edits = useEditorStore((s) => s.edits)
  const retranslating = useEditorStore((s) => s.retranslating)
  const timers = useRef<Timers>(new Map())
  const inFlight = useRef(new Map<number, Promise<void>>())
  const flushRef = useRef<(id: number, leaving?: boolean) => Promise<void>>(async () => {})
  const onSavedRef = useRef(onSaved)
  useEffect(() => {
    onSavedRef.current = onSaved
  })

  // The drafts live in the editor's store; callbacks read them there, always current.
  const draftsNow = useCallback(() => store.getState().edits, [store])
  const update = useCallback((change: (edits: Edits) => Edits) => store.getState().updateEdits(change), [store])
  const setRetranslating = useCallback((id: number, isOn: boolean) => store.getState().setRetranslating(id, isOn), [store])

  const schedule = useCallback((id: number) => {
    clearTimer(timers.current, id)
    timers.current.set(
      id,
      setTimeout(() => void flushRef.current(id), SAVE_DEBOUNCE_MS),
    )
  }, [])

  const save = useCallback(
    async (id: number, sent: Draft, keepalive: boolean) => {
      // what the server had, for the undo step of this save
      const previous = cachedSegments(client, taskId).find((s) => s.id === id)
      try {
        const saved = await patchSegment(taskId, id, sent, keepalive)
        if (previous) {
          const before: SegmentFields = {}
          for (const field of Object.keys(sent) as EditableField[]) before[field] = previous[field] ?? ''
          // A translation's origin goes with it: undoing the edit asks for the provider's line back as theirs.
          const hasTranslation = sent.translatedText !== undefined
          onSavedRef.current?.({
            id,
            before: hasTranslation ? { ...before, ...translationOf(previous) } : before,
            after: hasTranslation ? { ...sent, translatedBy: saved?.translatedBy ?? 'edited' } : { ...sent },
          })
        }
        // a poll that started before this save must not bring the old text back
        await putSegments(client, taskId, [{ ...sent, ...(saved ?? {}), id }])
        update((edits) => withSaved(edits, id, sent))
        if (draftsNow()[id]?.status === 'unsaved') schedule(id)
        else setTimeout(() => update((edits) => withoutSettled(edits, id)), SAVED_TICK_MS)
      } catch (error) {
        update((edits) => withStatus(edits, id, 'error'))
        toast.error(t('saveFailed', { id }), { description: errorText(error, t('saveFailedHint')), id: `save-${id}` })
      }
    },
    [client, draftsNow, schedule, t, taskId, update],
  )

  /**
   * Saves a row now (blur, pop-up editor, before a retranslation); waits for a save in flight.
   * `leaving`: the creator leaves the editor, the save is sent with keepalive to outlive the page.
   */
  const flush = useCallback(
    async (id: number, leaving = false): Promise<void> => {
      clearTimer(timers.current, id)
      const running = inFlight.current.get(id)
      if (running) {
        await running
        if (draftsNow()[id]?.status === 'unsaved') return flushRef.current(id, leaving)
        return
      }
      const edit = draftsNow()[id]
      if (!edit || Object.keys(edit.draft).length === 0 || edit.status === 'saved') return
      update((edits) => withStatus(edits, id, 'saving'))
      const work = save(id, { ...edit.draft }, leaving).finally(() => inFlight.current.delete(id))
      inFlight.current.set(id, work)
      await work
    },
    [draftsNow, save, update],
  )
  useEffect(() => {
    flushRef.current = flush
  }, [flush])

  const change = useCallback(
    (id: number, field: EditableField, value: string) => {
      update((edits) => withChange(edits, id, field, value))
      schedule(id)
    },
    [schedule, update],
  )

  /** Sets both texts of a row and saves them (the pop-up editor). */
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

  /** Saves every pending row (before an undo, a replace all, a retranslation or an export). */
  const flushAll = useCallback(async () => {
    await Promise.all(Object.keys(draftsNow()).map((id) => flushRef.current(Number(id))))
  }, [draftsNow])

  /** Forgets drafts a bulk write replaced. */
  const dropDrafts = useCallback(
    (writes: readonly { id: number; originalText?: string; translatedText?: string }[]) => {
      update((edits) => {
        let next = edits
        for (const w of writes) {
          if (w.originalText !== undefined) next = withoutField(next, w.id, 'originalText')
          if (w.translatedText !== undefined) next = withoutField(next, w.id, 'translatedText')
        }
        return next
      })
    },
    [update],
  )

  const retranslate = useCallback(
    async (id: number) => {
      if (store.getState().retranslating.has(id)) return
      setRetranslating(id, true)
      try {
        // the server translates the original it has: save a pending edit of it first
        await flush(id)
        const previous = cachedSegments(client, taskId).find((s) => s.id === id)
        const segment = await retranslateSegment(taskId, id)
        if (previous && segment && typeof segment.translatedText === 'string') {
          onSavedRef.current?.({ id, before: translationOf(previous), after: translationOf(segment) })
        }
        if (segment && typeof segment.translatedText === 'string') await putSegments(client, taskId, [{ ...segment, id }])
        else await stopTaskPoll(client, taskId).then(() => refreshTask(client, taskId))
        clearTimer(timers.current, id)
        update((edits) => withoutField(edits, id, 'translatedText'))
        toast.success(t('retranslated', { id }), { id: `retranslate-${id}` })
      } catch (error) {
        toast.error(t('retranslateError'), { description: errorText(error, '') || undefined, id: `retranslate-${id}` })
      } finally {
        setRetranslating(id, false)
      }
    },
    [client, flush, setRetranslating, store, t, taskId, update],
  )

  // Leaving the editor saves what is pending at once, not after the typing pause: on unmount (a
  // link inside the app) and on pagehide (tab closed, reloaded, another site), with keepalive
  // requests that outlive the page. The browser asks first while something is unsaved.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isPending(draftsNow())) event.preventDefault()
    }
    const leave = () => {
      for (const id of Object.keys(draftsNow())) void flushRef.current(Number(id), true)
    }
    window.addEventListener('beforeunload', warn)
    window.addEventListener('pagehide', leave)
    return () => {
      window.removeEventListener('beforeunload', warn)
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [draftsNow])

  return { edits, retranslating, change, flush, flushAll, dropDrafts, replace, retranslate }
}
