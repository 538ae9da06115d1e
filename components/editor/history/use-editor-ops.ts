'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useMemo } from 'react'
import { toast } from 'sonner'
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { useEditorStoreApi } from '../state/editor-store-context'
import { shotSnapWrites, type ShotSnapInput } from './shot-snap'
import { isStructure, returnStep, takeStep, translationOf, writesOf, type Change, type FieldStepKind, type SegmentFields } from './history'
import { useBulkWrite } from './use-bulk-write'
import { useOpRunner, type Pending } from './use-op-runner'
import { useRetiming } from './use-retiming'
import { useRetranslateMany } from './use-retranslate-many'
import { useStructure } from './use-structure'

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
 * selection, timing shifts (by an offset, to speech, to shot changes), splits and merges. Pending
 * typing is saved first, so a step always starts from what
 * the server has.
 */
export function useEditorOps(taskId: string, pending: Pending) {
  const t = useTranslations('editor.ops')
  const store = useEditorStoreApi()
  const run = useOpRunner(pending)
  const { write, segmentsNow } = useBulkWrite(taskId, pending)
  const { shift, snap } = useRetiming(taskId, run, segmentsNow)
  const retranslateMany = useRetranslateMany(taskId, run, segmentsNow, pending)
  const { split, merge, replay } = useStructure(taskId, run, segmentsNow)

  /** Writes rows (texts, times) as one undoable step of `kind`; answers whether the server took them. */
  const applyWrites = useCallback(
    async (writes: SegmentWrite[], kind: FieldStepKind) => {
      let isSaved = false
      await run(kind, async () => {
        const changes = changesOf(writes, segmentsNow())
        if (changes.length === 0) return
        isSaved = await write(writes)
        if (isSaved) store.getState().record(kind, changes)
      })
      return isSaved
    },
    [run, segmentsNow, store, write],
  )
  const applyTexts = useCallback(async (writes: SegmentWrite[]) => void (await applyWrites(writes, 'replace')), [applyWrites])

  /** "Snap to shot": the rows' edges near a cut onto it (in-times) or 2 frames before it (out-times), one undoable step. */
  const snapToShots = useCallback(
    (ids: number[], shots: ShotSnapInput) =>
      run('shift', async () => {
        const writes = shotSnapWrites(segmentsNow(), ids, shots)
        if (writes.length === 0) return void toast.info(t('shotSnapNone'), { id: 'snap-shot' })
        const changes = changesOf(writes, segmentsNow())
        if (!(await write(writes))) return
        store.getState().record('shift', changes)
        toast.success(t('shotSnapped', { count: writes.length }), { id: 'snap-shot' })
      }),
    [run, segmentsNow, store, t, write],
  )

  const step = useCallback(
    (direction: 'undo' | 'redo') =>
      run(direction, async () => {
        const { history, setHistory } = store.getState()
        const taken = takeStep(history, direction)
        if (!taken) return
        setHistory(() => taken.history)
        const done = isStructure(taken.step) ? await replay(taken.step, direction) : await write(writesOf(taken.step, direction))
        if (!done) setHistory((h) => returnStep(h, direction))
      }),
    [replay, run, store, write],
  )
  const undo = useCallback(() => step('undo'), [step])
  const redo = useCallback(() => step('redo'), [step])

  // Whether an operation runs and what undo and redo can take are read where they are shown (the
  // toolbar), from the store: an operation starting or ending renders the toolbar, not the editor.
  return useMemo(
    () => ({ applyWrites, applyTexts, undo, redo, retranslateMany, shift, snap, snapToShots, split, merge }),
    [applyTexts, applyWrites, merge, redo, retranslateMany, shift, snap, snapToShots, split, undo],
  )
}

export type EditorOps = ReturnType<typeof useEditorOps>
