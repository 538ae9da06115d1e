'use client'

import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { isTranscriptOnly } from '@/components/tasks/transcript-only'
import { useSpeakers } from '@/lib/client/speakers'
import type { TaskDetail } from '@/lib/client/tasks'
import { useFindReplace } from '../find/use-find-replace'
import { useEditorKeys } from '../keys/use-editor-keys'
import { useFlaggedView } from '../quality/use-flagged-view'
import type { SegmentListHandle } from '../rows/segment-list'
import { useReviewRow } from '../rows/use-review-row'
import { useRowHandlers } from '../rows/use-row-handlers'
import { useRowNavigation } from '../rows/use-row-navigation'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { useEditing } from '../state/use-editing'
import { useTranscriptTiming } from '../timeline/use-transcript-timing'
import type { EditorDialog } from './editor-dialogs'

/** Which panel or dialog is open: the pop-up row editor, a dialog, the video preview, the video export. */
function usePanels() {
  const [openId, setOpenId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<EditorDialog>(null)
  const [isVideoShown, setVideoShown] = useState(false)
  const [videoExport, setVideoExport] = useState<{ paneFile: File | null } | null>(null)
  return { openId, setOpenId, dialog, setDialog, isVideoShown, setVideoShown, videoExport, setVideoExport }
}

/**
 * Everything the editor's screen shows and does for one loaded task: drafts and operations over
 * the store, the rows' checks and the rows shown, find and replace, the rows' handlers, moving
 * between rows and the video, and the keyboard.
 */
export function useEditorModel(task: TaskDetail, isSandbox: boolean, list: RefObject<SegmentListHandle | null>) {
  const store = useEditorStoreApi()
  const segments = task.segments
  const isTranslating = task.status === 'translating'
  // A transcript alone is its own "translation" (translatedBy speech): there is nothing to
  // retranslate or review, and identical text is expected.
  const isTranscript = isTranscriptOnly(task)
  const speakers = useSpeakers(task)
  const { drafts, ops } = useEditing(task.id)
  // "Review this segment": DeepSeek translations only (the server refuses others).
  const { reviewing, reviewRow } = useReviewRow(task.id, drafts.flush)
  const canReview = task.translationService === 'deepseek' && !isTranscript
  const timing = useTranscriptTiming({ taskId: task.id, task, isTranscript, retranslate: drafts.retranslate })
  const rows = useFlaggedView({ task, segments, edits: drafts.edits, isTranscript, isSandbox, speech: timing.speech })
  const panels = usePanels()
  const activeIndex = useEditorStore((s) => s.activeIndex)
  const selection = useEditorStore((s) => s.selection.ids)
  // In list order, so a selection made bottom-up still retranslates and shifts in order.
  const selectedIds = useMemo(() => (selection.size === 0 ? [] : segments.filter((s) => selection.has(s.id)).map((s) => s.id)), [segments, selection])

  const revealRow = useCallback((index: number) => list.current?.revealRow(index), [list])
  const find = useFindReplace({ view: rows.view, segments, edits: drafts.edits, deferredEdits: rows.deferredEdits, isTranslating, applyTexts: ops.applyTexts, revealRow })

  // Handlers read the latest state through refs, so they stay stable and rows stay memoized.
  // A layout effect: a key pressed right after a click must already see the row it activated.
  const { view, flaggedSet, script } = rows
  const { openId, dialog } = panels
  const latest = useRef({ view, activeIndex, openId, dialog, flaggedSet, segments, script, ops })
  useLayoutEffect(() => {
    latest.current = { view, activeIndex, openId, dialog, flaggedSet, segments, script, ops }
  })

  const { seek, jumpToFlag, onCurrentCue } = useRowNavigation({ latest, list, setVideoShown: panels.setVideoShown })
  const handlers = useRowHandlers({ latest, drafts, openRow: panels.setOpenId, seek, isTranscript, review: canReview ? reviewRow : undefined })
  const { setDialog } = panels
  const { retranslate } = drafts
  const openHelp = useCallback(() => setDialog('help'), [setDialog])
  const retranslateKey = useCallback((id: number) => (isTranscript ? Promise.resolve() : retranslate(id)), [isTranscript, retranslate])
  useEditorKeys(latest, list, { ops, openFind: find.open, openHelp, jumpToFlag, openRow: panels.setOpenId, retranslate: retranslateKey })

  /** Tools for "the selected rows, or the active one". */
  const targetIds = () => (selectedIds.length > 0 ? selectedIds : [view[activeIndex]?.id].filter((id): id is number => id !== undefined))
  /** Back to the rows from the find bar: the active row takes the focus. */
  const focusActiveRow = () => list.current?.focusRow(Math.min(activeIndex, Math.max(0, view.length - 1)))
  /** The video open in the preview, for "Export video". */
  const paneFile = useCallback(() => store.getState().player?.file() ?? null, [store])
  return { segments, isTranslating, isTranscript, speakers, drafts, ops, reviewing, timing, rows, panels, activeIndex, selectedIds, targetIds, focusActiveRow, find, handlers, onCurrentCue, paneFile }
}

export type EditorModel = ReturnType<typeof useEditorModel>
