'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { joinCueTexts, splitCueText } from '@/lib/captions'
import { errorText } from '@/lib/client/api'
import { mergeSegments, reloadTask, splitSegment, stopTaskPoll, type TaskSegment } from '@/lib/client/tasks'
import { formatMs, parseTime } from '@/lib/subtitles/time'
import { useEditorStoreApi } from '../state/editor-store-context'
import { snapshotOf, structureCall, type StructureStep } from './history'
import type { useOpRunner } from './use-op-runner'

type Run = ReturnType<typeof useOpRunner>

/** The languages a task's two texts are written in (where a line may be cut, how two are joined). */
export type TextLanguages = { original: string; translated: string }

const ms = (time: string) => parseTime(time) ?? 0

/**
 * Splitting a cue and merging it with the next, each one undoable step: the server renumbers the
 * rows after it, so the task is loaded again, the selection cleared, and undo or redo is the other
 * operation (history.ts `structureCall`). Typing is saved first (the op runner); a row whose typing
 * could not be saved stops it, as its draft would land on another row.
 */
export function useStructure(taskId: string, run: Run, segmentsNow: () => TaskSegment[]) {
  const t = useTranslations('editor.ops')
  const client = useQueryClient()
  const store = useEditorStoreApi()

  /** Runs a server call that changes which rows there are, then reloads the rows; answers whether it was done. */
  const restructure = useCallback(
    async (call: () => Promise<unknown>): Promise<boolean> => {
      const unsaved = Object.values(store.getState().edits).some((edit) => Object.keys(edit.draft).length > 0)
      if (unsaved) {
        toast.error(t('saveFirst'), { id: 'structure' })
        return false
      }
      try {
        await stopTaskPoll(client, taskId)
        await call()
      } catch (error) {
        toast.error(t('structureFailed'), { description: errorText(error, '') || undefined, id: 'structure' })
        return false
      }
      store.getState().clearSelection()
      await reloadTask(client, taskId)
      return true
    },
    [client, store, t, taskId],
  )

  /**
   * Splits cue `id`: the first part ends at `endMs`, the second starts at `startMs` (the caller's
   * frames and gap); the texts are cut where the split falls in the cue's time.
   */
  const split = useCallback(
    (id: number, { endMs, startMs }: { endMs: number; startMs: number }, languages: TextLanguages) =>
      run('split', async () => {
        const row = segmentsNow().find((s) => s.id === id)
        if (!row) return
        const start = ms(row.startTime)
        const end = ms(row.endTime)
        if (!(start < endMs && endMs <= startMs && startMs < end)) return void toast.info(t('splitOutside'), { id: 'structure' })
        const fraction = (endMs - start) / (end - start)
        const originalText = splitCueText(row.originalText, fraction, languages.original)
        const translatedText = row.translatedText === null || row.translatedText === undefined ? undefined : splitCueText(row.translatedText, fraction, languages.translated)
        let parts: TaskSegment[] = []
        const done = await restructure(async () => {
          parts = await splitSegment(taskId, id, { endTime: formatMs(endMs), startTime: formatMs(startMs), originalText, ...(translatedText ? { translatedText } : {}) })
        })
        if (!done || parts.length !== 2) return
        store.getState().recordStructure({ kind: 'split', id, whole: snapshotOf(row), parts: [snapshotOf(parts[0]), snapshotOf(parts[1])] })
        toast.success(t('split', { id }), { id: 'structure' })
      }),
    [restructure, run, segmentsNow, store, t, taskId],
  )

  /** Merges cue `id` with the next: its start to the next one's end, the texts joined. */
  const merge = useCallback(
    (id: number, languages: TextLanguages) =>
      run('merge', async () => {
        const rows = segmentsNow()
        const at = rows.findIndex((s) => s.id === id)
        const [row, next] = [rows[at], rows[at + 1]]
        if (!row || !next || next.id !== id + 1) return void toast.info(t('mergeLast'), { id: 'structure' })
        const isTranslated = row.translatedText != null || next.translatedText != null
        const body = {
          originalText: joinCueTexts(row.originalText, next.originalText, languages.original),
          ...(isTranslated ? { translatedText: joinCueTexts(row.translatedText ?? '', next.translatedText ?? '', languages.translated) } : {}),
        }
        let merged: TaskSegment | null = null
        const done = await restructure(async () => {
          merged = await mergeSegments(taskId, id, body)
        })
        if (!done || !merged) return
        store.getState().recordStructure({ kind: 'merge', id, whole: snapshotOf(merged), parts: [snapshotOf(row), snapshotOf(next)] })
        toast.success(t('merged', { id, next: next.id }), { id: 'structure' })
      }),
    [restructure, run, segmentsNow, store, t, taskId],
  )

  /** Undoes or redoes a split or a merge (inside the undo/redo run); answers whether the server did it. */
  const replay = useCallback(
    (step: StructureStep, direction: 'undo' | 'redo') => {
      const call = structureCall(step, direction)
      return restructure(() => (call.op === 'split' ? splitSegment(taskId, call.id, call.body) : mergeSegments(taskId, call.id, call.body)))
    },
    [restructure, taskId],
  )

  return { split, merge, replay }
}
