'use client'

import type { Span } from '@/lib/captions'
import { useCallback, useMemo, useState } from 'react'
import type { TaskDetail, TaskSegment } from '@/lib/client/tasks'
import type { Edits } from '../drafts'
import { useEditorStoreApi } from '../state/editor-store-context'
import { flaggedIds } from './flag-index'
import { useRowChecks } from './use-row-checks'

type Input = { task: TaskDetail; segments: TaskSegment[]; edits: Edits; isTranscript: boolean; isSandbox: boolean; speech: readonly Span[] | null | undefined }

/**
 * The rows' checks and their flags, and the rows shown: all, or only the flagged ones. The filter
 * keeps the rows flagged when it was turned on, so a row does not vanish while it is fixed.
 */
export function useFlaggedView({ task, segments, edits, isTranscript, isSandbox, speech }: Input) {
  const store = useEditorStoreApi()
  const checks = useRowChecks(task, edits, isTranscript, isSandbox && !isTranscript)
  const { deferredEdits, limits, glossary, script, timingFlags } = checks
  const isTranslating = task.status === 'translating'
  const flagged = useMemo(
    () => flaggedIds(segments, deferredEdits, limits, isTranslating, glossary, script, speech, timingFlags),
    [segments, deferredEdits, limits, isTranslating, glossary, script, speech, timingFlags],
  )
  const flaggedSet = useMemo(() => new Set(flagged), [flagged])
  const [filter, setFilter] = useState<ReadonlySet<number> | null>(null)
  const view = useMemo(() => (filter ? segments.filter((s) => filter.has(s.id)) : segments), [filter, segments])
  const showFlaggedOnly = useCallback(
    (on: boolean) => {
      setFilter(on ? new Set(flagged) : null)
      store.getState().activate(0)
    },
    [flagged, store],
  )
  const showAll = useCallback(() => setFilter(null), [])
  return { ...checks, flagged, flaggedSet, view, isFlaggedOnly: filter !== null, showFlaggedOnly, showAll }
}
