'use client'

import { useCallback, useMemo, useRef } from 'react'
import { ProfileMenu } from '@/components/layout/profile-menu'
import { useLanguageName } from '@/components/tasks/language-name'
import type { PublicUser } from '@/lib/accounts/contract'
import { condenseSegment, taskAudioUrl, type TaskDetail } from '@/lib/client/tasks'
import { DubToolbarButton } from '../dub/dub-toolbar-button'
import { RowDubProvider, useRowDubs } from '../dub/row-dub'
import { ExportMenu } from '../export-menu'
import { ShortcutsHint } from '../keys/shortcuts-hint'
import { TransportBar } from '../keys/transport-bar'
import { LeftOutNote } from '../rows/left-out-note'
import { SegmentList, type SegmentListHandle } from '../rows/segment-list'
import { VideoExportEntry } from '@/components/video-export'
import { VideoPane } from '../video/video-pane'
import { useEditorStoreApi } from '../state/editor-store-context'
import { Timeline } from '../timeline/timeline'
import { usePrefetchTimeline } from '../timeline/use-timeline-timing'
import { frameRateOf } from '@/lib/timing'
import { EditorDialogs } from './editor-dialogs'
import { EditorHeader } from './editor-header'
import { EditorFailed, EditorNoRows } from './editor-states'
import { EditorTools } from './editor-tools'
import { RowReviewProvider, useRowReview } from '../review/review-comments'
import { ReviewToolbarButton } from '../review/review-toolbar-button'
import { ReviewPassNote } from './review-pass-note'
import { SandboxNote } from './sandbox-note'
import { useEditorModel, type EditorModel } from './use-editor-model'

/** The editor of one loaded task: header, tools, notes, the video preview beside the rows, dialogs. */
export function EditorWorkspace({ task, user, isSandbox }: { task: TaskDetail; user: PublicUser; isSandbox: boolean }) {
  const list = useRef<SegmentListHandle>(null)
  const model = useEditorModel(task, isSandbox, list)
  const { segments, drafts, rows, panels, speakers, isTranscript } = model
  const hasSegments = segments.length > 0
  const hasSpeakers = speakers.labels.length > 0
  const { flushAll } = drafts
  const { setVideoExport } = panels
  const { paneFile } = model
  const exportMenu = useMemo(
    () => <ExportMenu task={task} hasSegments={hasSegments} hasSpeakers={hasSpeakers} beforeExport={flushAll} onExportVideo={() => setVideoExport({ paneFile: paneFile() })} />,
    [task, hasSegments, hasSpeakers, flushAll, setVideoExport, paneFile],
  )
  const profileMenu = useMemo(() => <ProfileMenu user={user} />, [user])
  const rowReview = useRowReview(task.id, model.ops.applyTexts)
  const canDub = !isTranscript && task.status === 'completed'
  const rowDubs = useRowDubs(task.id, segments, { enabled: canDub })
  const store = useEditorStoreApi()
  // The timeline's edges land on the frames the task's timing profile counts (the video's, else the profile's rate).
  const { profile } = rows.timing
  const frameRate = useCallback((videoFrameRate: number | null) => frameRateOf(profile, videoFrameRate), [profile])
  usePrefetchTimeline(task)
  const rowIds = useMemo(() => rows.view.map((s) => s.id), [rows.view])
  // A block double-clicked on the timeline: its row selected (Shift extends, Ctrl/Cmd toggles), made active and shown.
  const selectCue = useCallback(
    (id: number, mods: { shift: boolean; toggle: boolean }) => {
      const index = rowIds.indexOf(id)
      if (index < 0) return
      const { clickRow, activate } = store.getState()
      clickRow(rowIds, index, mods)
      activate(index)
      list.current?.revealRow(index)
    },
    [rowIds, store],
  )
  const sharing = (
    <>
      {canDub && <DubToolbarButton taskId={task.id} />}
      <ReviewToolbarButton
        taskId={task.id}
        openComments={rowReview.openCount}
        commentRows={rowReview.rows}
        onGoToRow={(id) => {
          const index = rows.view.findIndex((s) => s.id === id)
          if (index >= 0) list.current?.focusRow(index, 'translatedText')
        }}
      />
    </>
  )

  return (
    <div className="flex h-dvh flex-col bg-bg" data-testid="editor" data-status={task.status}>
      <EditorHeader task={task} edits={rows.deferredEdits} exportMenu={exportMenu} profile={profileMenu} />
      <EditorTools task={task} model={model} sharing={sharing} />
      {task.status === 'failed' && <EditorFailed error={task.error} />}
      {isSandbox && !isTranscript && <SandboxNote />}
      <ReviewPassNote task={task} />
      <LeftOutNote taskId={task.id} enabled={task.kind === 'transcription' && task.status !== 'translating'} beforeRestore={flushAll} onRestored={model.timing.onRestored} speakerNames={speakers.names} />
      <RowReviewProvider value={rowReview.value}>
      <RowDubProvider value={rowDubs}>
      <main className="flex min-h-0 flex-1 flex-col bg-surface">
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          {panels.isVideoShown && (
            <VideoPane
              segments={segments}
              edits={rows.deferredEdits}
              onCurrentCue={model.onCurrentCue}
              onHide={() => panels.setVideoShown(false)}
              recordingUrl={task.hasAudio ? taskAudioUrl(task.id) : undefined}
              taskId={task.kind === 'transcription' ? task.id : undefined}
              ass={task.format === 'ass' ? { taskId: task.id, language: task.targetLanguage } : undefined}
              dubOf={canDub ? task.id : undefined}
              transport={<TransportBar run={model.timingActions.run} fps={rows.timing.fps} activeId={rows.view[Math.min(model.activeIndex, rows.view.length - 1)]?.id ?? null} isLocked={model.isTranslating} />}
            />
          )}
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            {task.status === 'no_speech' || rows.view.length === 0 ? (
              <EditorNoRows isNoSpeech={task.status === 'no_speech'} total={segments.length} shown={rows.view.length} onShowAll={rows.showAll} />
            ) : (
              <SegmentList ref={list} segments={rows.view} reviewing={model.reviewing} isTaskTranslating={model.isTranslating} limits={rows.limits} timing={rows.timingFlags} glossary={rows.glossary} script={rows.script} speech={model.timing.speech} highlights={model.find.highlights} handlers={model.handlers} speakerNames={speakers.names} />
            )}
          </div>
        </div>
        {panels.isVideoShown && (
          <Timeline taskId={task.id} hasAudio={task.hasAudio} segments={segments} edits={rows.deferredEdits} flagged={rows.flaggedSet} rowIds={rowIds} frameRate={frameRate} ops={model.ops} onSelectCue={selectCue} />
        )}
      </main>
      </RowDubProvider>
      </RowReviewProvider>
      {panels.videoExport && <VideoExportEntry open onOpenChange={(open) => !open && setVideoExport(null)} task={task} segments={segments} edits={drafts.edits} paneFile={panels.videoExport.paneFile} beforeExport={flushAll} />}
      <ShortcutsHint canRetranslate={!isTranscript} />
      <EditorWorkspaceDialogs task={task} model={model} />
    </div>
  )
}

/** The dialogs of the workspace, fed from the model. */
function EditorWorkspaceDialogs({ task, model }: { task: TaskDetail; model: EditorModel }) {
  const languageName = useLanguageName()
  const { panels, segments, drafts, rows, speakers } = model
  const openSegment = panels.openId === null ? null : (segments.find((s) => s.id === panels.openId) ?? null)
  return (
    <EditorDialogs
      dialog={panels.dialog}
      onDialog={panels.setDialog}
      segment={openSegment}
      edit={panels.openId === null ? undefined : drafts.edits[panels.openId]}
      isSegmentReadOnly={model.isTranslating && !openSegment?.translatedText}
      onSaveSegment={(id, draft) => void drafts.replace(id, draft)}
      onCloseSegment={() => panels.setOpenId(null)}
      total={segments.length}
      selectedIds={model.selectedIds}
      onShift={model.ops.shift}
      timing={rows.timing}
      languageName={languageName(model.languages.translated)}
      condense={panels.condense}
      onCloseCondense={() => panels.setCondense(null)}
      onSaveCondense={(id, text) => {
        panels.setCondense(null)
        void model.ops.applyTexts([model.isTranscript ? { id, originalText: text } : { id, translatedText: text }])
      }}
      onSuggestCondensed={task.translationService === 'deepseek' && !model.isTranscript ? async (id, maxChars, text) => (await condenseSegment(task.id, id, { maxChars, translation: text })).text : undefined}
      fixResult={panels.fixResult}
      onCloseFixResult={() => panels.setFixResult(null)}
      onGoToRow={model.goToRow}
      speakers={{ labels: speakers.labels, names: speakers.names, segments, onSave: speakers.save }}
    />
  )
}
