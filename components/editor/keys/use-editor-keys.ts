'use client'

import { useEffect, type RefObject } from 'react'
import type { TaskSegment } from '@/lib/client/tasks'
import { editorAction, globalAction, movedIndex, timingAction, type GlobalContext, type KeyContext, type TimingAction, type TimingContext } from './keyboard'
import type { SegmentListHandle } from '../rows/segment-list'
import { useEditorStoreApi } from '../state/editor-store-context'

function keyContext(target: EventTarget | null): KeyContext {
  if (!(target instanceof HTMLElement)) return 'row'
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT') return 'text'
  if (target.closest('button, a, [role="menuitem"], video')) return 'control'
  return 'row'
}

// Widgets that keep every key of their own: the video's controls, selects and menus, radio groups, sliders, tabs.
const WIDGET = 'video, select, [role="menuitem"], [role="menu"], [role="listbox"], [role="option"], [role="combobox"], [role="radio"], [role="slider"], [role="tab"]'

function timingContext(target: EventTarget | null): TimingContext {
  const context = keyContext(target)
  if (context === 'text') return 'text'
  if (target instanceof HTMLElement && target.closest(WIDGET)) return 'widget'
  return context
}

/** A dialog or menu over the editor (the export's, the share dialog, ...): its keys are its own. */
const isInLayer = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null

function globalContext(target: EventTarget | null, list: HTMLElement | null | undefined): GlobalContext {
  const context = keyContext(target)
  if (context === 'text') return list && target instanceof Node && list.contains(target) && (target as HTMLElement).tagName === 'TEXTAREA' ? 'rowText' : 'input'
  return context
}

/** What a key press needs to know, read when it happens (the editor keeps it current in a ref). */
export type KeyState = { view: readonly TaskSegment[]; activeIndex: number; openId: number | null; dialog: string | null }

type Actions = {
  /** The editor's ops (undo and redo steps). */
  ops: { undo: () => Promise<unknown>; redo: () => Promise<unknown> }
  openFind: (target: 'find' | 'replace') => void
  openHelp: () => void
  jumpToFlag: (delta: 1 | -1) => void
  openRow: (id: number) => void
  retranslate: (id: number) => Promise<unknown>
  /** The video and timing keys (use-timing-actions.ts). */
  timing: (action: TimingAction) => void
}

/**
 * The editor's keyboard dispatch (docs/product.md, Editor): shortcuts that work anywhere (undo,
 * redo, find, help, flags), the video and timing keys outside text boxes (play, frames, jumps,
 * speed, set, split, merge, nudge, reading speed), then row keys inside the list (move, open,
 * retranslate, leave). Nothing is dispatched while a dialog is open.
 */
export function useEditorKeys(state: RefObject<KeyState>, list: RefObject<SegmentListHandle | null>, actions: Actions) {
  const { ops, openFind, openHelp, jumpToFlag, openRow, retranslate, timing } = actions
  const store = useEditorStoreApi()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { view: rows, activeIndex: index, openId: dialogId, dialog: sheet } = state.current
      if (dialogId !== null || sheet !== null || event.defaultPrevented) return
      const target = event.target as HTMLElement | null
      const container = list.current?.container()
      const global = globalAction(event, globalContext(target, container))
      if (global) {
        event.preventDefault()
        if (global === 'undo') void ops.undo()
        else if (global === 'redo') void ops.redo()
        else if (global === 'find' || global === 'replace') openFind(global)
        else if (global === 'help') openHelp()
        else if (rows.length > 0) jumpToFlag(global === 'nextFlag' ? 1 : -1)
        return
      }
      const timed = isInLayer(target) ? null : timingAction(event, timingContext(target))
      if (timed) {
        event.preventDefault()
        timing(timed)
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
      if (action === 'open') openRow(row.id)
      else if (action === 'retranslate') void retranslate(row.id)
      else if (action === 'leave') list.current?.focusRow(index)
      else {
        const next = movedIndex(action, index, rows.length)
        store.getState().activate(next)
        // typing moves to the same box of the next row; otherwise the row itself takes focus
        const field = context === 'text' ? (target?.dataset.field ?? undefined) : undefined
        list.current?.focusRow(next, field)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [state, list, store, ops, openFind, openHelp, jumpToFlag, openRow, retranslate, timing])
}
