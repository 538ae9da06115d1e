'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ProfileMenu } from '@/components/dashboard/profile-menu'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { ApiError, errorText } from '@/lib/client/api'
import type { PublicUser } from '@/lib/auth/public-user'
import { EditorHeader } from './editor-header'
import { EditorLoadError, EditorMissing, EditorSkeleton } from './editor-states'
import { ExportMenu } from './export-menu'
import { editorAction, movedIndex, type KeyContext } from './keyboard'
import { SegmentDialog } from './segment-dialog'
import { SegmentList, type SegmentListHandle } from './segment-list'
import type { RowHandlers } from './segment-row'
import { ShortcutsHint } from './shortcuts-hint'
import { useSegmentEdits } from './use-segment-edits'
import { useTaskDetail } from './use-task-detail'

function keyContext(target: EventTarget | null): KeyContext {
  if (!(target instanceof HTMLElement)) return 'row'
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT') return 'text'
  if (target.closest('button, a, [role="menuitem"]')) return 'control'
  return 'row'
}

/** The segment editor of one task: sticky header with export, virtualized rows, keyboard first. */
export function Editor({ taskId, user }: { taskId: string; user: PublicUser }) {
  const t = useTranslations('editor')
  const query = useTaskDetail(taskId)
  const task = query.data
  const segments = useMemo(() => task?.segments ?? [], [task?.segments])
  const { edits, retranslating, change, flush, replace, retranslate } = useSegmentEdits(taskId)
  const [activeIndex, setActiveIndex] = useState(0)
  const [openId, setOpenId] = useState<number | null>(null)
  const list = useRef<SegmentListHandle>(null)
  // Handlers read the latest state through refs, so they stay stable and rows stay memoized.
  // A layout effect: a key pressed right after a click must already see the row it activated.
  const latest = useRef({ segments, activeIndex, openId })
  useLayoutEffect(() => {
    latest.current = { segments, activeIndex, openId }
  })

  const handlers: RowHandlers = useMemo(
    () => ({
      onChange: change,
      onLeave: (id) => void flush(id),
      onOpen: setOpenId,
      onRetranslate: (id) => void retranslate(id),
      onActivate: setActiveIndex,
    }),
    [change, flush, retranslate],
  )

  const saveAll = useCallback(async () => {
    await Promise.all(Object.keys(edits).map((id) => flush(Number(id))))
  }, [edits, flush])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { segments: rows, activeIndex: index, openId: dialogId } = latest.current
      if (dialogId !== null || rows.length === 0 || event.defaultPrevented) return
      const target = event.target as HTMLElement | null
      const container = list.current?.container()
      const isInList = Boolean(target && container?.contains(target))
      if (!isInList && target !== document.body) return
      const context = keyContext(target)
      const action = editorAction(event, context)
      if (!action) return
      event.preventDefault()
      const row = rows[index]
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
  }, [retranslate])

  if (query.isPending) return <EditorSkeleton />
  if (query.isError && !task) {
    if (query.error instanceof ApiError && query.error.code === 40400) return <EditorMissing />
    return <EditorLoadError message={errorText(query.error, t('loadErrorDetail'))} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
  }
  if (!task) return <EditorMissing />

  const openSegment = openId === null ? null : (segments.find((s) => s.id === openId) ?? null)
  return (
    <div className="flex h-dvh flex-col bg-bg" data-testid="editor" data-status={task.status}>
      <EditorHeader
        task={task}
        edits={edits}
        exportMenu={<ExportMenu task={task} hasSegments={segments.length > 0} beforeExport={saveAll} />}
        profile={<ProfileMenu user={user} />}
      />
      {task.status === 'failed' && (
        <Alert tone="danger" className="mx-4 mt-3 mb-3 md:mx-6">
          <p>{t('failedNotice')}</p>
          {task.error && <p className="mt-0.5 text-xs break-words opacity-80">{task.error}</p>}
        </Alert>
      )}
      <main className="flex min-h-0 flex-1 flex-col bg-surface">
        {segments.length === 0 ? (
          <div className="p-6">
            <EmptyState title={t('export.noData')} body={t('emptyHint')} />
          </div>
        ) : (
          <SegmentList
            ref={list}
            segments={segments}
            edits={edits}
            retranslating={retranslating}
            activeIndex={Math.min(activeIndex, segments.length - 1)}
            isTaskTranslating={task.status === 'translating'}
            handlers={handlers}
          />
        )}
      </main>
      <ShortcutsHint />
      <SegmentDialog segment={openSegment} edit={openId === null ? undefined : edits[openId]} onSave={(id, draft) => void replace(id, draft)} onClose={() => setOpenId(null)} isReadOnly={task.status === 'translating'} />
    </div>
  )
}
