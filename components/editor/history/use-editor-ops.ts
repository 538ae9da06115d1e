'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useMemo } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { retranslateSegments, stopTaskPoll, writeCachedSegments, type SegmentWrite, type TaskSegment } from '@/lib/client/tasks'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { returnStep, takeStep, translationOf, writesOf, type Change, type SegmentFields, type StepKind } from './history'
import { useBulkWrite } from './use-bulk-write'
import { useOpRunner, type Pending } from './use-op-runner'
import { useRetiming } from './use-retiming'

/** Most rows one "retranslate selected" sends (the endpoint's limit). */
export const MAX_SELECTED_RETRANSLATE = 200

function fieldsOf(segment: TaskSegment, keys: readonly (keyof SegmentFields)[]): SegmentFields {
  const out: SegmentFields = {}
  for (const key of keys) {
    if (key === 'translatedBy') continue
    out[key] = segment[key] ?? ''
  }
  // A translation's origin goes with it, so undo can ask for it back.
  return keys.includes('translatedText') ? { ...out, ...translationOf(segment) } : out
}

/** The undo step of writing `writes` over the rows as they are now. */
function changesOf(writes: readonly SegmentWrite[], segments: readonly TaskSegment[]): Change[] {
  const byId = new Map(segments.map((s) => [s.id, s]))
  return writes.flatMap(({ id, ...written }) => {
    const segment = byId.get(id)
    if (!segment) return []
    // What a person writes is theirs: the server marks it edited, and redo asks for no other origin.
    const after: SegmentFields = written.translatedText === undefined ? written : { ...written, translatedBy: 'edited' }
    return [{ id, before: fieldsOf(segment, Object.keys(after) as (keyof SegmentFields)[]), after }]
  })
}

/**
 * The editor's operations over many rows, each one request and one undo step in the editor's
 * store: writes (replace, replace all, a timeline's new times), undo and redo, retranslating a
 * selection and timing shifts. Pending typing is saved first, so a step always starts from what
 * the server has.
 */
export function useEditorOps(taskId: string, pending: Pending) {
  const store = useEditorStoreApi()
  const run = useOpRunner(pending)
  const { write, segmentsNow } = useBulkWrite(taskId, pending)
  const { shift, snap } = useRetiming(taskId, run, segmentsNow)
  const retranslateMany = useRetranslateMany(taskId, run, segmentsNow, pending)

  /** Writes rows (texts, times) as one undoable step of `kind`. */
  const applyWrites = useCallback(
    (writes: SegmentWrite[], kind: StepKind) =>
      run(kind, async () => {
        const changes = changesOf(writes, segmentsNow())
        if (changes.length === 0) return
        if (await write(writes)) store.getState().record(kind, changes)
      }),
    [run, segmentsNow, store, write],
  )
  const applyTexts = useCallback((writes: SegmentWrite[]) => applyWrites(writes, 'replace'), [applyWrites])

  const step = useCallback(
    (direction: 'undo' | 'redo') =>
      run(direction, async () => {
        const { history, setHistory } = store.getState()
        const taken = takeStep(history, direction)
        if (!taken) return
        setHistory(() => taken.history)
        if (!(await write(writesOf(taken.step, direction)))) setHistory((h) => returnStep(h, direction))
      }),
    [run, store, write],
  )
  const undo = useCallback(() => step('undo'), [step])
  const redo = useCallback(() => step('redo'), [step])
  const record = useCallback((kind: StepKind, changes: Change[]) => store.getState().record(kind, changes), [store])
  const renumber = useCallback((id: number) => store.getState().renumber(id), [store])

  const canUndo = useEditorStore((s) => s.history.undo.length > 0)
  const canRedo = useEditorStore((s) => s.history.redo.length > 0)
  const busy = useEditorStore((s) => s.busy)
  return useMemo(
    () => ({ canUndo, canRedo, busy, record, applyWrites, applyTexts, undo, redo, retranslateMany, shift, snap, renumber }),
    [applyTexts, applyWrites, busy, canRedo, canUndo, record, redo, renumber, retranslateMany, shift, snap, undo],
  )
}

export type EditorOps = ReturnType<typeof useEditorOps>

/** "Retranslate selected": the rows' new translations as one undoable step. */
function useRetranslateMany(taskId: string, run: ReturnType<typeof useOpRunner>, segmentsNow: () => TaskSegment[], pending: Pending) {
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
