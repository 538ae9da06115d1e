'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { shownText, type Edits } from '../drafts'
import { findMatches, replaceAll, replaceOne, type FindOptions } from './find'
import type { RowHighlights } from '../rows/segment-row'

const NO_HIGHLIGHTS: ReadonlyMap<number, RowHighlights> = new Map()

type Input = {
  /** The rows on screen (the flagged-only filter applied): find looks only there. */
  view: readonly TaskSegment[]
  segments: readonly TaskSegment[]
  /** Drafts as typed, for replacing; `deferredEdits` (a render behind) for finding. */
  edits: Edits
  deferredEdits: Edits
  isTranslating: boolean
  /** Writes rows as one undo step (the editor's ops). */
  applyTexts: (writes: SegmentWrite[]) => Promise<unknown>
  /** Scrolls a row of the view into sight. */
  revealRow: (index: number) => void
}

/**
 * The editor's find and replace: the bar's state, the matches in the rows on screen with the
 * current one highlighted, stepping through them, and replacing one or all (one undo step).
 */
export function useFindReplace({ view, segments, edits, deferredEdits, isTranslating, applyTexts, revealRow }: Input) {
  const t = useTranslations('editor')
  const [isOpen, setOpen] = useState(false)
  const [options, setOptionsState] = useState<FindOptions>({ query: '', field: 'translatedText', matchCase: false, wholeWord: false })
  const [replacement, setReplacement] = useState('')
  const [matchIndex, setMatchIndex] = useState(0)
  const [focusRequest, setFocusRequest] = useState<{ target: 'find' | 'replace'; at: number }>({ target: 'find', at: 0 })

  const matches = useMemo(() => {
    if (!isOpen || options.query === '') return []
    return findMatches(
      view.map((s) => ({ id: s.id, text: shownText(s, deferredEdits[s.id], options.field) })),
      options,
    )
  }, [deferredEdits, options, isOpen, view])
  const current = matches.length === 0 ? -1 : Math.min(matchIndex, matches.length - 1)
  const highlights = useMemo(() => {
    if (matches.length === 0) return NO_HIGHLIGHTS
    const byRow = new Map<number, RowHighlights>()
    matches.forEach((m, i) => {
      const row = byRow.get(m.id) ?? { field: options.field, ranges: [] }
      byRow.set(m.id, { ...row, ranges: [...row.ranges, { start: m.start, end: m.end, current: i === current }] })
    })
    return byRow
  }, [current, options.field, matches])

  // Stepping reads the latest matches through a ref, so the callbacks stay stable.
  const latest = useRef({ matches, current, view })
  useLayoutEffect(() => {
    latest.current = { matches, current, view }
  })

  const open = useCallback((target: 'find' | 'replace') => {
    setOpen(true)
    setFocusRequest({ target, at: Date.now() })
  }, [])

  const step = useCallback(
    (delta: 1 | -1) => {
      const { matches: all, current: at, view: rows } = latest.current
      if (all.length === 0) return
      const next = (Math.max(0, at) + delta + all.length) % all.length
      setMatchIndex(next)
      const index = rows.findIndex((s) => s.id === all[next].id)
      if (index >= 0) revealRow(index)
    },
    [revealRow],
  )

  const setOptions = (next: FindOptions) => {
    setOptionsState(next)
    setMatchIndex(0)
  }

  const replaceCurrent = () => {
    const match = matches[current]
    const segment = match && segments.find((s) => s.id === match.id)
    if (!match || !segment) return
    const text = shownText(segment, edits[segment.id], options.field)
    void applyTexts([{ id: match.id, [options.field]: replaceOne(text, match, replacement) }])
  }

  const replaceEverywhere = async () => {
    const writes: SegmentWrite[] = []
    for (const id of new Set(matches.map((m) => m.id))) {
      const segment = segments.find((s) => s.id === id)
      // rows the worker has not translated yet cannot be written (the server refuses them)
      if (!segment || (isTranslating && (segment.translatedText === null || segment.translatedText === undefined))) continue
      const text = shownText(segment, edits[id], options.field)
      const next = replaceAll(text, options, replacement)
      if (next !== text) writes.push({ id, [options.field]: next })
    }
    const count = matches.length
    await applyTexts(writes)
    toast.success(t('find.replaced', { count }), { id: 'replace-all' })
  }

  return { isOpen, open, close: () => setOpen(false), options, setOptions, replacement, setReplacement, matches, current, highlights, step, replaceCurrent, replaceEverywhere, focusRequest }
}

export type FindReplace = ReturnType<typeof useFindReplace>
