'use client'

import type { Span } from '@/lib/captions'
import { useVirtualizer, type ReactVirtualizer } from '@tanstack/react-virtual'
import { useTranslations } from 'next-intl'
import { forwardRef, useCallback, useDeferredValue, useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react'
import { cn } from '@/components/ui/cn'
import { useHydrated } from '@/lib/client/use-hydrated'
import type { TaskSegment } from '@/lib/client/tasks'
import { useEditorStore } from '../state/editor-store-context'
import type { GlossaryTerm, Limits, ScriptFlagCheck } from '../quality/quality'
import type { TimingRowFlag } from '../quality/timing-flags'
import { ROW_GRID, SegmentRow, type RowHandlers, type RowHighlights } from './segment-row'

type Props = {
  /** The rows shown: every segment, or the flagged ones. */
  segments: TaskSegment[]
  /** Rows whose review is in flight. */
  reviewing?: ReadonlySet<number>
  isTaskTranslating: boolean
  limits: Limits
  /** The rows' timing flags by id (timing-flags.ts). */
  timing: ReadonlyMap<number, readonly TimingRowFlag[]>
  glossary: readonly GlossaryTerm[]
  /** The Chinese script check, once loaded (null otherwise). */
  script: ScriptFlagCheck | null
  /** Where a transcription's recording holds speech, once known (null otherwise). */
  speech?: readonly Span[] | null
  highlights: ReadonlyMap<number, RowHighlights>
  handlers: RowHandlers
  /** A transcription's speaker names (label → name); rows show each cue's speaker. */
  speakerNames?: Readonly<Record<string, string>>
}

export type SegmentListHandle = {
  /** Scrolls a row into view and focuses it, or one of its text boxes. */
  focusRow: (index: number, field?: string) => void
  container: () => HTMLDivElement | null
  /** Brings a row into view without moving the focus (following the video). */
  revealRow: (index: number) => void
}

const isServer = typeof window === 'undefined'

// overflow-hidden makes the heads reserve the list's scrollbar gutter too, so both grids line up.
function ColumnHeads() {
  const t = useTranslations('editor.columns')
  return (
    <div
      className={cn(ROW_GRID, 'overflow-hidden border-b border-border bg-surface-2/80 px-4 py-2 text-xs font-medium text-muted max-md:hidden md:px-6 [scrollbar-gutter:stable]')}
      aria-hidden="true"
    >
      <span>#</span>
      <span>{t('time')}</span>
      <span className="px-2">{t('original')}</span>
      <span className="px-2">{t('translated')}</span>
      <span />
    </div>
  )
}

/**
 * Only the rows on screen (plus a few) exist in the DOM, each measured after render, so a
 * 3,000-segment file scrolls and types as smoothly as a short one. What the person does to the rows
 * (drafts, selection, the active row, the playing cue) comes from the editor's store.
 */
export const SegmentList = forwardRef<SegmentListHandle, Props>(function SegmentList(
  { segments, reviewing, isTaskTranslating, limits, timing, glossary, script, speech = null, highlights, handlers, speakerNames },
  ref,
) {
  const edits = useEditorStore((s) => s.edits)
  const retranslating = useEditorStore((s) => s.retranslating)
  const selected = useEditorStore((s) => s.selection.ids)
  const playingId = useEditorStore((s) => s.playback.cueId)
  // The active row's index, within the rows shown (a filter may have shortened them).
  const activeIndex = Math.min(useEditorStore((s) => s.activeIndex), segments.length - 1)
  const scroller = useRef<HTMLDivElement>(null)
  // Stable while the rows are: a new key function makes the virtualizer measure every row again.
  const getItemKey = useCallback((index: number) => segments[index]?.id ?? index, [segments])
  // The React Compiler is off in this app; rows are memoized by hand (SegmentRow).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: ReactVirtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: segments.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 60,
    overscan: 8,
    // The rows' places and the list's height are written to the DOM by the virtualizer: a row
    // measured, or a scroll within the rows already shown, renders nothing in React.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    // Rows render on the server too: the first screen is in the page's HTML before any script runs.
    initialRect: { width: 1200, height: 900 },
    getItemKey,
  })

  // The rows as they are now, for focusRow: the DOM may still show the list before a filter changed it.
  const latestRows = useRef(segments)
  useLayoutEffect(() => {
    latestRows.current = segments
  })

  useImperativeHandle(
    ref,
    () => ({
      container: () => scroller.current,
      revealRow: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
      focusRow(index, field) {
        virtualizer.scrollToIndex(index, { align: 'auto' })
        let tries = 0
        const attempt = () => {
          const id = latestRows.current[index]?.id
          const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-testid="segment-row"][data-row="${id}"]`)
          const target = field ? row?.querySelector<HTMLElement>(`[data-field="${field}"]`) : row
          if (target) {
            target.focus({ preventScroll: true })
            // measured heights may shift the row after the first scroll
            virtualizer.scrollToIndex(index, { align: 'auto' })
          } else if (tries++ < 60) requestAnimationFrame(attempt)
        }
        // At once when the row is already rendered, so the very next key press lands on it;
        // otherwise on the frames after the list's deferred render has brought it in.
        attempt()
      },
    }),
    [virtualizer],
  )

  const t = useTranslations('editor.columns')
  // The server's rows stay read-only until React runs, so nothing typed before then is lost.
  const isHydrated = useHydrated()
  const items = virtualizer.getVirtualItems()
  // The rows a scroll brings in are rendered off the urgent path: the scroll's own render (the
  // virtualizer's, synchronous) keeps the rows it had, and the new ones follow in a render React
  // splits across frames, so a jump to the playing row never holds up a frame while they mount.
  // The rows and their segments change together, so an index never points into another list.
  const shown = useDeferredValue(useMemo(() => ({ items, segments }), [items, segments]))
  const hasSpeakers = useMemo(() => segments.some((s) => s.speakers?.length), [segments])
  return (
    <div className={cn('flex min-h-0 flex-1 flex-col', hasSpeakers && '[--id-col:6.5rem]')}>
      <ColumnHeads />
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [scrollbar-gutter:stable]"
        data-testid="segment-list"
        data-hydrated={isHydrated}
        role="region"
        aria-label={t('list')}
      >
        {/* Places are the server's in its HTML, the virtualizer's once it runs (React leaves them alone). */}
        <div ref={virtualizer.containerRef} className="relative w-full" style={isServer ? { height: virtualizer.getTotalSize() } : undefined} suppressHydrationWarning>
          {shown.items.map((item) => {
            const segment = shown.segments[item.index]
            if (!segment) return null
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 w-full"
                style={isServer ? { top: item.start } : undefined}
                suppressHydrationWarning
              >
                <SegmentRow
                  segment={segment}
                  index={item.index}
                  edit={edits[segment.id]}
                  isActive={item.index === activeIndex}
                  isRetranslating={retranslating.has(segment.id)}
                  isReviewing={reviewing?.has(segment.id)}
                  isTaskTranslating={isTaskTranslating}
                  isHydrated={isHydrated}
                  isSelected={selected.has(segment.id)}
                  isPlaying={segment.id === playingId}
                  limits={limits}
                  timing={timing.get(segment.id)}
                  glossary={glossary}
                  script={script}
                  speech={speech}
                  highlights={highlights.get(segment.id)}
                  handlers={handlers}
                  speakerNames={speakerNames}
                />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
})
