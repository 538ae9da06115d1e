'use client'

import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { isTranscriptOnly } from '@/components/tasks/transcript-only'
import { useSpeakers } from '@/lib/client/speakers'
import type { TaskDetail } from '@/lib/client/tasks'
import { useFindReplace } from '../find/use-find-replace'
import { useEditorKeys } from '../keys/use-editor-keys'
import { useTimingActions, type CondenseOffer } from '../keys/use-timing-actions'
import type { CondenseLine } from '../quality/condense-dialog'
import type { FixTimingResult } from '../quality/fix-timing-dialog'
import { useFlaggedView } from '../quality/use-flagged-view'
import type { SegmentListHandle } from '../rows/segment-list'
import { useReviewRow } from '../rows/use-review-row'
import { useRowHandlers } from '../rows/use-row-handlers'
import { useRowNavigation } from '../rows/use-row-navigation'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { useEditing } from '../state/use-editing'
import { shownText } from '../drafts'
import { useTranscriptTiming } from '../timeline/use-transcript-timing'
import type { EditorDialog } from './editor-dialogs'

/**
 * Which panel or dialog is open: the pop-up row editor, a dialog, the video preview, the video
 * export, the reading-speed key's condense offer, "Fix timing"'s outcome.
 */
function usePanels() {
  const [openId, setOpenId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<EditorDialog>(null)
  const [isVideoShown, setVideoShown] = useState(false)
  const [videoExport, setVideoExport] = useState<{ paneFile: File | null } | null>(null)
  const [condense, setCondense] = useState<CondenseLine | null>(null)
  const [fixResult, setFixResult] = useState<FixTimingResult | null>(null)
  return { openId, setOpenId, dialog, setDialog, isVideoShown, setVideoShown, videoExport, setVideoExport, condense, setCondense, fixResult, setFixResult }
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
  const { openId } = panels
  // The keys wait while any of the editor's dialogs is open.
  const dialog = panels.dialog ?? (panels.condense ? 'condense' : panels.fixResult ? 'fixTiming' : null)
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
  const languages = useMemo(() => {
    const spoken = task.detectedLanguage && task.detectedLanguage !== 'auto' ? task.detectedLanguage : task.originalLanguage
    return { original: spoken, translated: isTranscript ? spoken : task.targetLanguage }
  }, [isTranscript, task.detectedLanguage, task.originalLanguage, task.targetLanguage])
  const { setCondense } = panels
  const onCondense = useCallback(
    (offer: CondenseOffer) => {
      const segment = latest.current.segments.find((s) => s.id === offer.id)
      if (!segment) return
      const field = isTranscript ? 'originalText' : 'translatedText'
      const text = shownText(segment, store.getState().edits[offer.id], field)
      setCondense({ id: offer.id, original: isTranscript ? '' : shownText(segment, store.getState().edits[offer.id], 'originalText'), text, maxChars: offer.maxChars, durationMs: offer.durationMs, maxCps: rows.timing.profile.maxCps })
    },
    [isTranscript, rows.timing.profile.maxCps, setCondense, store],
  )
  const timingActions = useTimingActions({
    latest,
    ops,
    profile: rows.timing.profile,
    fps: rows.timing.fps,
    languages,
    isTranscript,
    isLocked: isTranslating,
    onNoVideo: useCallback(() => panels.setVideoShown(true), [panels]),
    onCondense,
  })
  useEditorKeys(latest, list, { ops, openFind: find.open, openHelp, jumpToFlag, openRow: panels.setOpenId, retranslate: retranslateKey, timing: timingActions.run })

  /** A row by id brought into view and focused (showing every row when a filter hides it). */
  const goToRow = useCallback(
    (id: number) => {
      let index = latest.current.view.findIndex((s) => s.id === id)
      if (index < 0) {
        rows.showAll()
        index = latest.current.segments.findIndex((s) => s.id === id)
      }
      if (index < 0) return
      store.getState().activate(index)
      // After the filter's render, when it was on.
      requestAnimationFrame(() => list.current?.focusRow(index))
    },
    [list, rows, store],
  )

  /** Tools for "the selected rows, or the active one". */
  const targetIds = () => (selectedIds.length > 0 ? selectedIds : [view[activeIndex]?.id].filter((id): id is number => id !== undefined))
  /** Back to the rows from the find bar: the active row takes the focus. */
  const focusActiveRow = () => list.current?.focusRow(Math.min(activeIndex, Math.max(0, view.length - 1)))
  /** The video open in the preview, for "Export video". */
  const paneFile = useCallback(() => store.getState().player?.file() ?? null, [store])
  return { segments, isTranslating, isTranscript, speakers, drafts, ops, reviewing, timing, rows, panels, activeIndex, selectedIds, targetIds, focusActiveRow, find, handlers, onCurrentCue, paneFile, timingActions, goToRow, languages }
}

export type EditorModel = ReturnType<typeof useEditorModel>
