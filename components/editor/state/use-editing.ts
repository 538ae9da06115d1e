'use client'

import { useCallback, useMemo } from 'react'
import { useEditorOps } from '../history/use-editor-ops'
import type { Change } from '../history/history'
import { useEditorStoreApi } from './editor-store-context'
import { useSegmentEdits } from './use-segment-edits'

/**
 * The rows' drafts and the editor's undoable operations over one store: each save of typing is
 * recorded as an undo step, and every operation saves pending typing first.
 */
export function useEditing(taskId: string) {
  const store = useEditorStoreApi()
  const onSaved = useCallback((change: Change) => store.getState().record('edit', [change]), [store])
  const drafts = useSegmentEdits(taskId, { onSaved })
  const { flushAll, dropDrafts } = drafts
  const pending = useMemo(() => ({ flushAll, dropDrafts }), [flushAll, dropDrafts])
  const ops = useEditorOps(taskId, pending)
  return { drafts, ops }
}

export type Drafts = ReturnType<typeof useSegmentEdits>
