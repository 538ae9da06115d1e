'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { ProfileMenu } from '@/components/layout/profile-menu'
import { useLanguageName } from '@/components/tasks/language-name'
import { isTranscriptOnly } from '@/components/tasks/transcript-only'
import { errorText, isApiError } from '@/lib/client/api'
import type { PublicUser } from '@/lib/accounts/contract'
import { useSpeakers } from '@/lib/client/speakers'
import { taskAudioUrl, useTaskDetail, type TaskDetail } from '@/lib/client/tasks'
import { EditorHeader } from './screen/editor-header'
import { EditorDialogs, type EditorDialog } from './screen/editor-dialogs'
import { EditorFailed, EditorLoadError, EditorMissing, EditorNoRows, EditorSkeleton } from './screen/editor-states'
import { EditorToolbar } from './screen/editor-toolbar'
import { ExportMenu } from './export-menu'
import { EditorFindBar } from './find/find-bar'
import { flaggedIds } from './quality/flag-index'
import { LeftOutNote } from './rows/left-out-note'
import { SandboxNote } from './screen/sandbox-note'
import type { Change } from './history/history'
import { SegmentList, type SegmentListHandle } from './rows/segment-list'
import type { RowHandlers } from './rows/segment-row'
import { clickSelection, emptySelection, type Selection } from './state/selection'
import { reflowWrites, scriptWrite } from './quality/reflow-rows'
import { ReviewPassNote } from './screen/review-pass-note'
import { ShortcutsHint } from './keys/shortcuts-hint'
import { useEditorKeys } from './keys/use-editor-keys'
import { useEditorOps } from './history/use-editor-ops'
import { useFindReplace } from './find/use-find-replace'
import { useReviewRow } from './rows/use-review-row'
import { useRowNavigation } from './rows/use-row-navigation'
import { useRowChecks } from './quality/use-row-checks'
import { useSegmentEdits } from './state/use-segment-edits'
import { useTranscriptTiming } from './timeline/use-transcript-timing'
import { VideoExportEntry } from './video-export-entry'
import { VideoPane, type VideoPaneHandle } from './video/video-pane'

/** The segment editor of one task: sticky header and tools, video preview, virtualized rows, keyboard first. */
/** `isSandbox`: the sandbox translated the task (its lines are placeholders, lib/features.ts). */
export function Editor({ taskId, user, initialTask, isSandbox = false }: { taskId: string; user: PublicUser; initialTask?: TaskDetail | null; isSandbox?: boolean }) {
  const t = useTranslations('editor')
  const languageName = useLanguageName()
  const query = useTaskDetail(taskId, initialTask)
  const task = query.data
  const segments = useMemo(() => task?.segments ?? [], [task?.segments])
  const isTranslating = task?.status === 'translating'
  const speakers = useSpeakers(task)

  // Each save of typing becomes an undo step; the ops hook is created after the edits it saves.
  const recordRef = useRef<((change: Change) => void) | null>(null)
  const onSaved = useCallback((change: Change) => recordRef.current?.(change), [])
  const { edits, retranslating, change, flush, flushAll, dropDrafts, replace, retranslate } = useSegmentEdits(taskId, { onSaved })
  const pending = useMemo(() => ({ flushAll, dropDrafts }), [flushAll, dropDrafts])
  // A transcript alone is its own "translation" (translatedBy speech): there is nothing to
  // retranslate or review, and identical text is expected.
  const isTranscript = task ? isTranscriptOnly(task) : false
  // "Review this segment": DeepSeek translations only (the server refuses others).
  const { reviewing, reviewRow } = useReviewRow(taskId, flush)
  const canReview = task?.translationService === 'deepseek' && !isTranscript
  const ops = useEditorOps(taskId, pending)
  useEffect(() => {
    recordRef.current = (c) => ops.record('edit', [c])
  }, [ops])

  const { limits, saveLimits, defaults, glossary, deferredEdits, script } = useRowChecks(task, edits, isTranscript, isSandbox && !isTranscript)
  const [selection, setSelection] = useState<Selection>(emptySelection)
  const { hasSpeech, speech, onRestored } = useTranscriptTiming({ taskId, task, isTranscript, renumber: ops.renumber, retranslate, setSelection })
  const flagged = useMemo(() => flaggedIds(segments, deferredEdits, limits, isTranslating, glossary, script, speech), [segments, deferredEdits, limits, isTranslating, glossary, script, speech])
  const flaggedSet = useMemo(() => new Set(flagged), [flagged])
  // The filter keeps the rows flagged when it was turned on, so a row does not vanish while it is fixed.
  const [filter, setFilter] = useState<ReadonlySet<number> | null>(null)
  const view = useMemo(() => (filter ? segments.filter((s) => filter.has(s.id)) : segments), [filter, segments])

  const [activeIndex, setActiveIndex] = useState(0)
  const [openId, setOpenId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<EditorDialog>(null)
  const [isVideoShown, setVideoShown] = useState(false)
  const [videoExport, setVideoExport] = useState<{ paneFile: File | null } | null>(null)
  const [playingId, setPlayingId] = useState<number | null>(null)
  const list = useRef<SegmentListHandle>(null)
  const video = useRef<VideoPaneHandle>(null)

  // In list order, so a selection made bottom-up still retranslates and shifts in order.
  const selectedIds = useMemo(() => (selection.ids.size === 0 ? [] : segments.filter((s) => selection.ids.has(s.id)).map((s) => s.id)), [segments, selection.ids])

  const revealRow = useCallback((index: number) => list.current?.revealRow(index), [])
  const find = useFindReplace({ view, segments, edits, deferredEdits, isTranslating, applyTexts: ops.applyTexts, revealRow })

  // Handlers read the latest state through refs, so they stay stable and rows stay memoized.
  // A layout effect: a key pressed right after a click must already see the row it activated.
  const latest = useRef({ view, activeIndex, openId, dialog, flaggedSet, segments, edits, script, ops })
  useLayoutEffect(() => {
    latest.current = { view, activeIndex, openId, dialog, flaggedSet, segments, edits, script, ops }
  })

  const { seek, jumpToFlag, onCurrentCue } = useRowNavigation({ latest, list, video, setActiveIndex, setVideoShown, setPlayingId })

  const handlers: RowHandlers = useMemo(
    () => ({
      onChange: change,
      onLeave: (id) => void flush(id),
      onOpen: setOpenId,
      onRetranslate: isTranscript ? undefined : (id) => void retranslate(id),
      onReview: canReview ? (id) => void reviewRow(id) : undefined,
      onActivate: setActiveIndex,
      onSelect: (index, mods) => setSelection((s) => clickSelection(s, latest.current.view.map((row) => row.id), index, mods)),
      onSeek: seek,
      // The wrong-script flag's "convert": the line in the task's Chinese script, one undoable step.
      onConvertScript: (id) => {
        const { segments: rows, edits: drafts, script: check, ops: operations } = latest.current
        const segment = rows.find((s) => s.id === id)
        const write = segment && check ? scriptWrite(segment, drafts[id], check) : null
        if (write) void operations.applyTexts([write])
      },
    }),
    [canReview, change, flush, isTranscript, retranslate, reviewRow, seek],
  )

  const saveAll = useCallback(() => flushAll(), [flushAll])

  const openHelp = useCallback(() => setDialog('help'), [])
  const retranslateKey = useCallback((id: number) => (isTranscript ? Promise.resolve() : retranslate(id)), [isTranscript, retranslate])
  useEditorKeys(latest, list, video, { ops, openFind: find.open, openHelp, jumpToFlag, openRow: setOpenId, retranslate: retranslateKey, activate: setActiveIndex })

  const hasSegments = segments.length > 0
  const hasSpeakers = speakers.labels.length > 0
  const exportMenu = useMemo(() => task && <ExportMenu task={task} hasSegments={hasSegments} hasSpeakers={hasSpeakers} beforeExport={saveAll} onExportVideo={() => setVideoExport({ paneFile: video.current?.file() ?? null })} />, [task, hasSegments, hasSpeakers, saveAll])
  const profileMenu = useMemo(() => <ProfileMenu user={user} />, [user])

  if (query.isPending) return <EditorSkeleton />
  if (query.isError && !task) {
    if (isApiError(query.error, 'not_found')) return <EditorMissing />
    return <EditorLoadError message={errorText(query.error, t('loadErrorDetail'))} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
  }
  if (!task) return <EditorMissing />

  // Tools for "the selected rows, or the active one".
  const targetIds = () => (selectedIds.length > 0 ? selectedIds : [view[activeIndex]?.id].filter((id): id is number => id !== undefined))
  // The export's line breaking applied to the target rows; one undoable step.
  const fixLineBreaks = async () => {
    const writes = await reflowWrites(targetIds(), segments, edits, task.targetLanguage)
    if (writes.length === 0) return void toast.success(t('ops.breaksFine'), { id: 'reflow' })
    await ops.applyTexts(writes)
    toast.success(t('ops.rebroken', { count: writes.length }), { id: 'reflow' })
  }

  const openSegment = openId === null ? null : (segments.find((s) => s.id === openId) ?? null)
  return (
    <div className="flex h-dvh flex-col bg-bg" data-testid="editor" data-status={task.status}>
      <EditorHeader task={task} edits={deferredEdits} exportMenu={exportMenu} profile={profileMenu} />
      <EditorToolbar
        ops={ops}
        onFind={() => (find.isOpen ? find.close() : find.open('find'))}
        isFindOpen={find.isOpen}
        selectedCount={selectedIds.length}
        onClearSelection={() => setSelection(emptySelection)}
        hasTranslation={!isTranscript}
        canRetranslate={!isTranslating}
        onRetranslateSelected={() => void ops.retranslateMany(selectedIds)}
        canShift={!isTranslating}
        onShift={() => setDialog('shift')}
        onFixLineBreaks={() => void fixLineBreaks()}
        canSnap={hasSpeech ? !isTranslating : undefined}
        onSnap={() => void ops.snap(targetIds())}
        flagCount={flagged.length}
        isFlaggedOnly={filter !== null}
        onFlaggedOnly={(on) => {
          setFilter(on ? new Set(flagged) : null)
          setActiveIndex(0)
        }}
        onLimits={() => setDialog('limits')}
        onSpeakers={hasSpeakers ? () => setDialog('speakers') : undefined}
        isVideoShown={isVideoShown}
        onVideo={() => setVideoShown((v) => !v)}
        onHelp={() => setDialog('help')}
      />
      {find.isOpen && (
        <EditorFindBar
          find={find}
          onClose={() => {
            find.close()
            list.current?.focusRow(Math.min(activeIndex, Math.max(0, view.length - 1)))
          }}
          isBusy={ops.busy !== null}
        />
      )}
      {task.status === 'failed' && <EditorFailed error={task.error} />}
      {isSandbox && !isTranscript && <SandboxNote />}
      <ReviewPassNote task={task} />
      <LeftOutNote taskId={task.id} enabled={task.kind === 'transcription' && task.status !== 'translating'} beforeRestore={flushAll} onRestored={onRestored} speakerNames={speakers.names} />
      <main className="flex min-h-0 flex-1 flex-col bg-surface md:flex-row">
        {isVideoShown && <VideoPane ref={video} segments={segments} edits={deferredEdits} onCurrentCue={onCurrentCue} onHide={() => setVideoShown(false)} recordingUrl={task?.hasAudio ? taskAudioUrl(task.id) : undefined} taskId={task?.kind === 'transcription' ? task.id : undefined} ass={task?.format === 'ass' ? { taskId: task.id, language: task.targetLanguage } : undefined} />}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {task.status === 'no_speech' || view.length === 0 ? (
            <EditorNoRows isNoSpeech={task.status === 'no_speech'} total={segments.length} shown={view.length} onShowAll={() => setFilter(null)} />
          ) : (
            <SegmentList
              ref={list}
              segments={view}
              edits={edits}
              retranslating={retranslating}
              reviewing={reviewing}
              activeIndex={Math.min(activeIndex, view.length - 1)}
              isTaskTranslating={isTranslating}
              selected={selection.ids}
              playingId={playingId}
              limits={limits}
              glossary={glossary}
              script={script}
              speech={speech}
              highlights={find.highlights}
              handlers={handlers}
              speakerNames={speakers.names}
            />
          )}
        </div>
      </main>
      {videoExport && <VideoExportEntry open onOpenChange={(open) => !open && setVideoExport(null)} task={task} segments={segments} edits={edits} paneFile={videoExport.paneFile} beforeExport={saveAll} />}
      <ShortcutsHint canRetranslate={!isTranscript} />
      <EditorDialogs
        dialog={dialog}
        onDialog={setDialog}
        segment={openSegment}
        edit={openId === null ? undefined : edits[openId]}
        isSegmentReadOnly={isTranslating && !openSegment?.translatedText}
        onSaveSegment={(id, draft) => void replace(id, draft)}
        onCloseSegment={() => setOpenId(null)}
        total={segments.length}
        selectedIds={selectedIds}
        onShift={ops.shift}
        limits={limits}
        defaults={defaults}
        languageName={languageName(task.targetLanguage)}
        onSaveLimits={saveLimits}
        speakers={{ labels: speakers.labels, names: speakers.names, segments, onSave: speakers.save }}
      />
    </div>
  )
}
