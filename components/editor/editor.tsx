'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { ProfileMenu } from '@/components/layout/profile-menu'
import { useLanguageName } from '@/components/tasks/language-name'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ApiError, errorText } from '@/lib/client/api'
import type { PublicUser } from '@/lib/accounts/contract'
import { taskAudioUrl, type SegmentWrite, type TaskDetail } from '@/lib/client/tasks'
import { shownText } from './drafts'
import { EditorHeader } from './editor-header'
import { EditorLoadError, EditorMissing, EditorSkeleton } from './editor-states'
import { EditorToolbar } from './editor-toolbar'
import { ExportMenu } from './export-menu'
import { findMatches, replaceAll, replaceOne, type FindOptions } from './find'
import { FindBar } from './find-bar'
import { flaggedIds } from './flag-index'
import { HelpSheet } from './help-sheet'
import type { Change } from './history'
import { editorAction, globalAction, movedIndex, type GlobalContext, type KeyContext } from './keyboard'
import { LimitsDialog } from './limits-dialog'
import { timeToMs } from './quality'
import { SegmentDialog } from './segment-dialog'
import { SegmentList, type SegmentListHandle } from './segment-list'
import type { RowHandlers, RowHighlights } from './segment-row'
import { clickSelection, emptySelection, type Selection } from './selection'
import { ShiftDialog } from './shift-dialog'
import { ShortcutsHint } from './shortcuts-hint'
import { useEditorOps } from './use-editor-ops'
import { useGlossaryTerms } from './use-glossary-terms'
import { useQualityLimits } from './use-quality-limits'
import { useSegmentEdits } from './use-segment-edits'
import { useTaskDetail } from './use-task-detail'
import { VideoPane, type VideoPaneHandle } from './video-pane'

function keyContext(target: EventTarget | null): KeyContext {
  if (!(target instanceof HTMLElement)) return 'row'
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT') return 'text'
  if (target.closest('button, a, [role="menuitem"], video')) return 'control'
  return 'row'
}

function globalContext(target: EventTarget | null, list: HTMLElement | null | undefined): GlobalContext {
  const context = keyContext(target)
  if (context === 'text') return list && target instanceof Node && list.contains(target) && (target as HTMLElement).tagName === 'TEXTAREA' ? 'rowText' : 'input'
  return context
}

const NO_HIGHLIGHTS: ReadonlyMap<number, RowHighlights> = new Map()
type Dialog = 'help' | 'shift' | 'limits' | null

/** The segment editor of one task: sticky header and tools, video preview, virtualized rows, keyboard first. */
export function Editor({ taskId, user, initialTask }: { taskId: string; user: PublicUser; initialTask?: TaskDetail | null }) {
  const t = useTranslations('editor')
  const languageName = useLanguageName()
  const query = useTaskDetail(taskId, initialTask)
  const task = query.data
  const segments = useMemo(() => task?.segments ?? [], [task?.segments])
  const isTranslating = task?.status === 'translating'

  // Each save of typing becomes an undo step; the ops hook is created after the edits it saves.
  const recordRef = useRef<((change: Change) => void) | null>(null)
  const onSaved = useCallback((change: Change) => recordRef.current?.(change), [])
  const { edits, retranslating, change, flush, flushAll, dropDrafts, replace, retranslate } = useSegmentEdits(taskId, { onSaved })
  const pending = useMemo(() => ({ flushAll, dropDrafts }), [flushAll, dropDrafts])
  const ops = useEditorOps(taskId, pending)
  useEffect(() => {
    recordRef.current = (c) => ops.record('edit', [c])
  }, [ops])

  const { limits: chosenLimits, save: saveLimits, defaults } = useQualityLimits(task?.targetLanguage ?? 'en')
  // A transcript alone is its own "translation" (translatedBy speech): identical text is expected.
  const isTranscript = task?.kind === 'transcription' && task.targetLanguage === task.originalLanguage
  const limits = useMemo(() => (isTranscript ? { ...chosenLimits, allowsSame: true } : chosenLimits), [chosenLimits, isTranscript])
  const glossary = useGlossaryTerms(task?.targetLanguage, task?.detectedLanguage ?? task?.originalLanguage)
  // A keystroke renders the typed row at once; counts, flags, find and preview follow in a deferred
  // render, so typing never waits for them.
  const deferredEdits = useDeferredValue(edits)
  const flagged = useMemo(() => flaggedIds(segments, deferredEdits, limits, isTranslating, glossary), [segments, deferredEdits, limits, isTranslating, glossary])
  const flaggedSet = useMemo(() => new Set(flagged), [flagged])
  // The filter keeps the rows flagged when it was turned on, so a row does not vanish while it is fixed.
  const [filter, setFilter] = useState<ReadonlySet<number> | null>(null)
  const view = useMemo(() => (filter ? segments.filter((s) => filter.has(s.id)) : segments), [filter, segments])

  const [activeIndex, setActiveIndex] = useState(0)
  const [openId, setOpenId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [selection, setSelection] = useState<Selection>(emptySelection)
  const [isVideoShown, setVideoShown] = useState(false)
  const [playingId, setPlayingId] = useState<number | null>(null)
  const [isFindOpen, setFindOpen] = useState(false)
  const [findOptions, setFindOptions] = useState<FindOptions>({ query: '', field: 'translatedText', matchCase: false, wholeWord: false })
  const [replacement, setReplacement] = useState('')
  const [matchIndex, setMatchIndex] = useState(0)
  const [focusRequest, setFocusRequest] = useState<{ target: 'find' | 'replace'; at: number }>({ target: 'find', at: 0 })
  const list = useRef<SegmentListHandle>(null)
  const video = useRef<VideoPaneHandle>(null)

  // In list order, so a selection made bottom-up still retranslates and shifts in order.
  const selectedIds = useMemo(() => (selection.ids.size === 0 ? [] : segments.filter((s) => selection.ids.has(s.id)).map((s) => s.id)), [segments, selection.ids])

  const matches = useMemo(() => {
    if (!isFindOpen || findOptions.query === '') return []
    return findMatches(
      view.map((s) => ({ id: s.id, text: shownText(s, deferredEdits[s.id], findOptions.field) })),
      findOptions,
    )
  }, [deferredEdits, findOptions, isFindOpen, view])
  const current = matches.length === 0 ? -1 : Math.min(matchIndex, matches.length - 1)
  const highlights = useMemo(() => {
    if (matches.length === 0) return NO_HIGHLIGHTS
    const byRow = new Map<number, RowHighlights>()
    matches.forEach((m, i) => {
      const row = byRow.get(m.id) ?? { field: findOptions.field, ranges: [] }
      byRow.set(m.id, { ...row, ranges: [...row.ranges, { start: m.start, end: m.end, current: i === current }] })
    })
    return byRow
  }, [current, findOptions.field, matches])

  // Handlers read the latest state through refs, so they stay stable and rows stay memoized.
  // A layout effect: a key pressed right after a click must already see the row it activated.
  const latest = useRef({ view, activeIndex, openId, dialog, flaggedSet, matches, current, segments })
  useLayoutEffect(() => {
    latest.current = { view, activeIndex, openId, dialog, flaggedSet, matches, current, segments }
  })

  const seek = useCallback((id: number) => {
    const segment = latest.current.segments.find((s) => s.id === id)
    if (!segment) return
    const index = latest.current.view.findIndex((s) => s.id === id)
    if (index >= 0) setActiveIndex(index)
    // Without a video yet, the pane opens to ask for one.
    if (!video.current?.seek(timeToMs(segment.startTime))) setVideoShown(true)
  }, [])

  const handlers: RowHandlers = useMemo(
    () => ({
      onChange: change,
      onLeave: (id) => void flush(id),
      onOpen: setOpenId,
      onRetranslate: (id) => void retranslate(id),
      onActivate: setActiveIndex,
      onSelect: (index, mods) => setSelection((s) => clickSelection(s, latest.current.view.map((row) => row.id), index, mods)),
      onSeek: seek,
    }),
    [change, flush, retranslate, seek],
  )

  const saveAll = useCallback(() => flushAll(), [flushAll])

  const openFind = useCallback((target: 'find' | 'replace') => {
    setFindOpen(true)
    setFocusRequest({ target, at: Date.now() })
  }, [])

  const revealMatch = useCallback((position: number) => {
    const match = latest.current.matches[position]
    if (!match) return
    const index = latest.current.view.findIndex((s) => s.id === match.id)
    if (index >= 0) list.current?.revealRow(index)
  }, [])

  const stepMatch = useCallback(
    (delta: 1 | -1) => {
      const total = latest.current.matches.length
      if (total === 0) return
      const next = (Math.max(0, latest.current.current) + delta + total) % total
      setMatchIndex(next)
      revealMatch(next)
    },
    [revealMatch],
  )

  const jumpToFlag = useCallback((delta: 1 | -1) => {
    const { view: rows, activeIndex: index, flaggedSet: flags } = latest.current
    for (let step = 1; step <= rows.length; step++) {
      const next = (index + delta * step + rows.length * 2) % rows.length
      if (flags.has(rows[next].id)) {
        setActiveIndex(next)
        list.current?.focusRow(next, 'translatedText')
        return
      }
    }
    toast.info(t('quality.noMoreFlags'), { id: 'no-flags' })
  }, [t])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { view: rows, activeIndex: index, openId: dialogId, dialog: sheet } = latest.current
      if (dialogId !== null || sheet !== null || event.defaultPrevented) return
      const target = event.target as HTMLElement | null
      const container = list.current?.container()
      const global = globalAction(event, globalContext(target, container))
      if (global) {
        if (global === 'playPause') {
          if (video.current?.togglePlay()) event.preventDefault()
          return
        }
        event.preventDefault()
        if (global === 'undo') void ops.undo()
        else if (global === 'redo') void ops.redo()
        else if (global === 'find' || global === 'replace') openFind(global)
        else if (global === 'help') setDialog('help')
        else if (rows.length > 0) jumpToFlag(global === 'nextFlag' ? 1 : -1)
        return
      }
      if (rows.length === 0) return
      const isInList = Boolean(target && container?.contains(target))
      if (!isInList && target !== document.body) return
      const context = keyContext(target)
      const action = editorAction(event, context)
      if (!action) return
      event.preventDefault()
      const row = rows[Math.min(index, rows.length - 1)]
      if (action === 'open') setOpenId(row.id)
      else if (action === 'retranslate') void retranslate(row.id)
      else if (action === 'leave') list.current?.focusRow(index)
      else {
        const next = movedIndex(action, index, rows.length)
        setActiveIndex(next)
        // typing moves to the same box of the next row; otherwise the row itself takes focus
        const field = context === 'text' ? (target?.dataset.field ?? undefined) : undefined
        list.current?.focusRow(next, field)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [jumpToFlag, openFind, ops, retranslate])

  const onCurrentCue = useCallback((id: number | null, follow: boolean) => {
    setPlayingId(id)
    if (id === null || !follow) return
    const index = latest.current.view.findIndex((s) => s.id === id)
    if (index >= 0) list.current?.revealRow(index)
  }, [])

  const hasSegments = segments.length > 0
  const exportMenu = useMemo(() => task && <ExportMenu task={task} hasSegments={hasSegments} beforeExport={saveAll} />, [task, hasSegments, saveAll])
  const profileMenu = useMemo(() => <ProfileMenu user={user} />, [user])

  if (query.isPending) return <EditorSkeleton />
  if (query.isError && !task) {
    if (query.error instanceof ApiError && query.error.code === 40400) return <EditorMissing />
    return <EditorLoadError message={errorText(query.error, t('loadErrorDetail'))} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
  }
  if (!task) return <EditorMissing />

  const replaceCurrent = () => {
    const match = matches[current]
    const segment = match && segments.find((s) => s.id === match.id)
    if (!match || !segment) return
    const text = shownText(segment, edits[segment.id], findOptions.field)
    void ops.applyTexts([{ id: match.id, [findOptions.field]: replaceOne(text, match, replacement) }])
  }
  const replaceEverywhere = async () => {
    const writes: SegmentWrite[] = []
    for (const id of new Set(matches.map((m) => m.id))) {
      const segment = segments.find((s) => s.id === id)
      // rows the worker has not translated yet cannot be written (the server refuses them)
      if (!segment || (isTranslating && (segment.translatedText === null || segment.translatedText === undefined))) continue
      const text = shownText(segment, edits[id], findOptions.field)
      const next = replaceAll(text, findOptions, replacement)
      if (next !== text) writes.push({ id, [findOptions.field]: next })
    }
    const count = matches.length
    await ops.applyTexts(writes)
    toast.success(t('find.replaced', { count }), { id: 'replace-all' })
  }

  const openSegment = openId === null ? null : (segments.find((s) => s.id === openId) ?? null)
  return (
    <div className="flex h-dvh flex-col bg-bg" data-testid="editor" data-status={task.status}>
      <EditorHeader task={task} edits={deferredEdits} exportMenu={exportMenu} profile={profileMenu} />
      <EditorToolbar
        canUndo={ops.canUndo && ops.busy === null}
        canRedo={ops.canRedo && ops.busy === null}
        onUndo={() => void ops.undo()}
        onRedo={() => void ops.redo()}
        onFind={() => (isFindOpen ? setFindOpen(false) : openFind('find'))}
        isFindOpen={isFindOpen}
        selectedCount={selectedIds.length}
        onClearSelection={() => setSelection(emptySelection)}
        canRetranslate={!isTranslating}
        isRetranslating={ops.busy === 'retranslate'}
        onRetranslateSelected={() => void ops.retranslateMany(selectedIds)}
        onShift={() => setDialog('shift')}
        flagCount={flagged.length}
        isFlaggedOnly={filter !== null}
        onFlaggedOnly={(on) => {
          setFilter(on ? new Set(flagged) : null)
          setActiveIndex(0)
        }}
        onLimits={() => setDialog('limits')}
        isVideoShown={isVideoShown}
        onVideo={() => setVideoShown((v) => !v)}
        onHelp={() => setDialog('help')}
      />
      {isFindOpen && (
        <FindBar
          options={findOptions}
          onOptions={(next) => {
            setFindOptions(next)
            setMatchIndex(0)
          }}
          replacement={replacement}
          onReplacement={setReplacement}
          current={current}
          total={matches.length}
          onStep={stepMatch}
          onReplaceOne={replaceCurrent}
          onReplaceAll={() => void replaceEverywhere()}
          onClose={() => {
            setFindOpen(false)
            list.current?.focusRow(Math.min(activeIndex, Math.max(0, view.length - 1)))
          }}
          focusRequest={focusRequest}
          isBusy={ops.busy !== null}
        />
      )}
      {task.status === 'failed' && (
        <Alert tone="danger" className="mx-4 mt-3 mb-3 md:mx-6">
          <p>{t('failedNotice')}</p>
          {task.error && <p className="mt-0.5 text-xs break-words opacity-80">{task.error}</p>}
        </Alert>
      )}
      <main className="flex min-h-0 flex-1 flex-col bg-surface md:flex-row">
        {isVideoShown && <VideoPane ref={video} segments={segments} edits={deferredEdits} onCurrentCue={onCurrentCue} onHide={() => setVideoShown(false)} recordingUrl={task?.hasAudio ? taskAudioUrl(task.id) : undefined} />}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {segments.length === 0 ? (
            <div className="p-6">
              <EmptyState title={t('export.noData')} body={t('emptyHint')} />
            </div>
          ) : view.length === 0 ? (
            <div className="p-6">
              <EmptyState
                title={t('quality.noneInView')}
                action={
                  <Button variant="secondary" onClick={() => setFilter(null)}>
                    {t('quality.showAll')}
                  </Button>
                }
              />
            </div>
          ) : (
            <SegmentList
              ref={list}
              segments={view}
              edits={edits}
              retranslating={retranslating}
              activeIndex={Math.min(activeIndex, view.length - 1)}
              isTaskTranslating={isTranslating}
              selected={selection.ids}
              playingId={playingId}
              limits={limits}
              glossary={glossary}
              highlights={highlights}
              handlers={handlers}
            />
          )}
        </div>
      </main>
      <ShortcutsHint />
      <SegmentDialog
        segment={openSegment}
        edit={openId === null ? undefined : edits[openId]}
        onSave={(id, draft) => void replace(id, draft)}
        onClose={() => setOpenId(null)}
        isReadOnly={isTranslating && !openSegment?.translatedText}
      />
      <HelpSheet open={dialog === 'help'} onOpenChange={(open) => setDialog(open ? 'help' : null)} />
      <ShiftDialog
        open={dialog === 'shift'}
        onOpenChange={(open) => setDialog(open ? 'shift' : null)}
        total={segments.length}
        selectedCount={selectedIds.length}
        onShift={(offsetMs, scope) => ops.shift(offsetMs, scope === 'selected' ? selectedIds : undefined)}
      />
      <LimitsDialog
        open={dialog === 'limits'}
        onOpenChange={(open) => setDialog(open ? 'limits' : null)}
        limits={limits}
        defaults={defaults}
        languageName={languageName(task.targetLanguage)}
        onSave={saveLimits}
      />
    </div>
  )
}
