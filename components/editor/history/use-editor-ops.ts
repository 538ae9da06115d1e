'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { snapSegments } from '@/lib/client/speech'
import { cachedSegments, patchSegments, retranslateSegments, shiftSegments, stopTaskPoll, writeCachedSegments, type SegmentWrite, type TaskSegment } from '@/lib/client/tasks'
import { emptyHistory, renumbered, returnStep, takeStep, translationOf, withStep, writesOf, type Change, type History, type SegmentFields, type StepKind } from './history'

/** Most rows one "retranslate selected" sends (the endpoint's limit). */
export const MAX_SELECTED_RETRANSLATE = 200

type Pending = { flushAll: () => Promise<void>; dropDrafts: (writes: readonly SegmentWrite[]) => void }

function fieldsOf(segment: TaskSegment, keys: readonly (keyof SegmentFields)[]): SegmentFields {
  const out: SegmentFields = {}
  for (const key of keys) {
    if (key === 'translatedBy') continue
    out[key] = segment[key] ?? ''
  }
  // A translation's origin goes with it, so undo can ask for it back.
  return keys.includes('translatedText') ? { ...out, ...translationOf(segment) } : out
}

/**
 * The editor's operations over many rows, each one request and one undo step: bulk writes
 * (replace all, undo, redo), retranslating a selection and timing shifts. Pending typing is saved
 * first, so a step always starts from what the server has.
 */
export function useEditorOps(taskId: string, pending: Pending) {
  const t = useTranslations('editor.ops')
  const client = useQueryClient()
  const historyRef = useRef<History>(emptyHistory)
  const [history, setHistoryState] = useState<History>(emptyHistory)
  const [busy, setBusy] = useState<StepKind | 'undo' | 'redo' | null>(null)
  const busyRef = useRef(false)
  // The operation running now: an undo or redo pressed meanwhile waits for it instead of being lost.
  const runningRef = useRef<Promise<void>>(Promise.resolve())

  const setHistory = useCallback((change: (h: History) => History) => {
    historyRef.current = change(historyRef.current)
    setHistoryState(historyRef.current)
  }, [])

  const record = useCallback((kind: StepKind, changes: Change[]) => setHistory((h) => withStep(h, { kind, changes })), [setHistory])

  const segmentsNow = useCallback(() => cachedSegments(client, taskId), [client, taskId])

  /** Shows writes at once, sends them in one request, and settles the rows with the server's answer. */
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

  /**
   * Runs one operation at a time, after pending typing is saved. A button pressed while another
   * operation runs does nothing (it is shown busy); an undo or redo key waits its turn, so two quick
   * presses take two steps.
   */
  const exclusive = useCallback(
    async (label: StepKind | 'undo' | 'redo', work: () => Promise<void>) => {
      if (busyRef.current) {
        if (label !== 'undo' && label !== 'redo') return
        while (busyRef.current) await runningRef.current
      }
      busyRef.current = true
      setBusy(label)
      const run = (async () => {
        try {
          await pending.flushAll()
          await work()
        } finally {
          busyRef.current = false
          setBusy(null)
        }
      })()
      runningRef.current = run.catch(() => {})
      await run
    },
    [pending],
  )

  /** Writes new texts (replace one, replace all) as one undoable step. */
  const applyTexts = useCallback(
    (writes: SegmentWrite[]) =>
      exclusive('replace', async () => {
        const byId = new Map(segmentsNow().map((s) => [s.id, s]))
        const changes: Change[] = []
        for (const w of writes) {
          const segment = byId.get(w.id)
          if (!segment) continue
          const { id, ...written } = w
          // What a person writes is theirs: the server marks it edited, and redo asks for no other origin.
          const after: SegmentFields = written.translatedText === undefined ? written : { ...written, translatedBy: 'edited' }
          changes.push({ id, before: fieldsOf(segment, Object.keys(after) as (keyof SegmentFields)[]), after })
        }
        if (changes.length === 0) return
        if (await write(writes)) record('replace', changes)
      }),
    [exclusive, record, segmentsNow, write],
  )

  const step = useCallback(
    (direction: 'undo' | 'redo') =>
      exclusive(direction, async () => {
        const taken = takeStep(historyRef.current, direction)
        if (!taken) return
        setHistory(() => taken.history)
        if (!(await write(writesOf(taken.step, direction)))) setHistory((h) => returnStep(h, direction))
      }),
    [exclusive, setHistory, write],
  )

  const retranslateMany = useCallback(
    (ids: number[]) =>
      exclusive('retranslate', async () => {
        const byId = new Map(segmentsNow().map((s) => [s.id, s]))
        try {
          const saved = await retranslateSegments(taskId, ids)
          await stopTaskPoll(client, taskId)
          if (!saved) return
          pending.dropDrafts(saved.map((s) => ({ id: s.id, translatedText: '' })))
          writeCachedSegments(client, taskId, saved)
          record(
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
    [client, exclusive, pending, record, segmentsNow, t, taskId],
  )

  /** New times from the server as one undoable step; answers the rows it moved. */
  const retime = useCallback(
    async (request: () => Promise<TaskSegment[] | null>): Promise<TaskSegment[] | null> => {
      const byId = new Map(segmentsNow().map((s) => [s.id, s]))
      const saved = await request()
      await stopTaskPoll(client, taskId)
      if (!saved) return null
      writeCachedSegments(client, taskId, saved)
      record(
        'shift',
        saved.map((s) => {
          const old = byId.get(s.id)
          return { id: s.id, before: { startTime: old?.startTime ?? s.startTime, endTime: old?.endTime ?? s.endTime }, after: { startTime: s.startTime, endTime: s.endTime } }
        }),
      )
      return saved
    },
    [client, record, segmentsNow, taskId],
  )

  const shift = useCallback(
    (offsetMs: number, ids?: number[]) =>
      exclusive('shift', async () => {
        try {
          const saved = await retime(() => shiftSegments(taskId, offsetMs, ids))
          if (saved) toast.success(t('shifted', { count: saved.length }), { id: 'shift' })
        } catch (error) {
          toast.error(t('shiftFailed'), { description: errorText(error, '') || undefined, id: 'shift' })
        }
      }),
    [exclusive, retime, t, taskId],
  )

  /** "Snap to speech": the rows' starts and ends onto the speech they cover (the server's timing code). */
  const snap = useCallback(
    (ids: number[]) =>
      exclusive('shift', async () => {
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
    [exclusive, retime, t, taskId],
  )

  /** A cue was inserted as `id` (a left-out line restored): the steps' rows after it are renumbered. */
  const renumber = useCallback((id: number) => setHistory((h) => renumbered(h, id)), [setHistory])

  const canUndo = history.undo.length > 0
  const canRedo = history.redo.length > 0
  const undo = useCallback(() => step('undo'), [step])
  const redo = useCallback(() => step('redo'), [step])
  return useMemo(
    () => ({ canUndo, canRedo, busy, record, applyTexts, undo, redo, retranslateMany, shift, snap, renumber }),
    [applyTexts, busy, canRedo, canUndo, record, redo, renumber, retranslateMany, shift, snap, undo],
  )
}

export type EditorOps = ReturnType<typeof useEditorOps>
