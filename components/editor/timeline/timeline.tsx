'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import type { Edits } from '../drafts'
import type { EditorOps } from '../history/use-editor-ops'
import { useEditorStoreApi } from '../state/editor-store-context'
import { TimelineController } from './timeline-controller'
import { useTimelineMedia, type TimelineMedia } from './use-timeline-media'

type Props = {
  taskId: string
  hasAudio: boolean
  segments: readonly TaskSegment[]
  edits: Edits
  flagged: ReadonlySet<number>
  /** The ids of the rows shown, in order (the store's active index points into them). */
  rowIds: readonly number[]
  /** The frame rate edges snap to: the video's, else the timing profile's. */
  frameRate: (videoFrameRate: number | null) => number
  ops: Pick<EditorOps, 'applyWrites'>
  /** A double-clicked block: its row selected and brought into view. */
  onSelectCue: (id: number, mods: { shift: boolean; toggle: boolean }) => void
}

function ZoomButton({ label, onClick, children, testId }: { label: string; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      className="inline-flex size-7 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
    >
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
        {children}
      </svg>
    </button>
  )
}

/** What the timeline is finding now, in a few quiet words with a thin bar. */
function MediaStatus({ media }: { media: TimelineMedia }) {
  const t = useTranslations('editor.timeline')
  const percent = Math.floor(media.fraction * 100)
  const working = media.shotsStatus === 'detecting' ? t('findingShots', { percent }) : media.peaksStatus === 'measuring' ? t('measuringSound', { percent }) : null
  const facts = [
    media.peaksStatus === 'none' ? t('noWaveform') : null,
    media.shotsStatus === 'ready' ? t('shotCount', { count: media.cuts.length }) : media.shotsStatus === 'unavailable' ? t('shotsUnavailable') : media.shotsStatus === 'waiting' ? t('shotsWaiting') : null,
  ].filter(Boolean)
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs text-subtle" aria-live="polite" data-testid="timeline-status">
      {working && (
        <span className="inline-flex min-w-0 items-center gap-2">
          <span className="relative h-1 w-16 shrink-0 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
            <span className="absolute inset-y-0 left-0 rounded-full bg-brand transition-[width]" style={{ width: `${Math.max(4, percent)}%` }} />
          </span>
          <span className="truncate tabular">{working}</span>
        </span>
      )}
      {facts.length > 0 && <span className="truncate">{facts.join(' · ')}</span>}
    </div>
  )
}

/**
 * The timeline under the video: the sound's waveform with the cues on it as blocks, shot changes,
 * and a playhead that follows the video. Drawn on a canvas by `TimelineController` from the
 * editor's store (no React render per frame); a dragged cue is saved through the editor's
 * operations as one undoable step, like a row's edit.
 */
export function Timeline({ taskId, hasAudio, segments, edits, flagged, rowIds, frameRate, ops, onSelectCue }: Props) {
  const t = useTranslations('editor.timeline')
  const store = useEditorStoreApi()
  const host = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const clock = useRef<HTMLSpanElement>(null)
  const [controller, setController] = useState<TimelineController | null>(null)
  const media = useTimelineMedia(taskId, { hasAudio })
  const latest = useRef({ ops, onSelectCue })
  useEffect(() => {
    latest.current = { ops, onSelectCue }
  })

  useEffect(() => {
    if (!canvas.current || !host.current) return
    const made = new TimelineController(canvas.current, host.current, store, {
      moveCue: async (id, startMs, endMs) => void (await latest.current.ops.applyWrites([{ id, startTime: formatMs(startMs), endTime: formatMs(endMs) }], 'shift')),
      selectCue: (id, mods) => latest.current.onSelectCue(id, mods),
    }, clock.current)
    setController(made)
    return () => made.destroy()
  }, [store])

  useEffect(() => {
    controller?.setLabels({ shot: t('snappedShot'), frame: t('snappedFrame') })
  }, [controller, t])
  useEffect(() => controller?.setRows(segments, edits, flagged), [controller, segments, edits, flagged])
  useEffect(() => controller?.setRowIds(rowIds), [controller, rowIds])
  const fps = frameRate(media.frameRate)
  const { peaks, peaksUntilMs, cuts, durationMs } = media
  useEffect(() => controller?.setMedia({ peaks, peaksUntilMs, cuts, fps, durationMs }), [controller, peaks, peaksUntilMs, cuts, fps, durationMs])

  return (
    <section
      aria-label={t('title')}
      className="shrink-0 border-t border-border bg-surface"
      data-testid="timeline"
      data-waveform={media.peaksStatus}
      data-shots={media.shotsStatus}
      data-shot-count={media.cuts.length}
      data-fps={fps}
    >
      <div className="flex h-9 items-center gap-3 px-3 md:px-5">
        <h2 className="shrink-0 text-xs font-semibold text-fg">{t('title')}</h2>
        <span ref={clock} className="tabular shrink-0 rounded bg-surface-2 px-1.5 py-0.5 text-xs text-muted" title={t('playhead')} data-testid="timeline-clock">
          0:00.000
        </span>
        <MediaStatus media={media} />
        <span className="ml-auto hidden truncate text-xs text-subtle xl:inline" data-testid="timeline-hint">
          {t('hint')}
        </span>
        <div className={cn('flex shrink-0 items-center gap-0.5', 'max-xl:ml-auto')} role="group" aria-label={t('zoom')}>
          <ZoomButton label={t('zoomOut')} onClick={() => controller?.zoomOut()} testId="timeline-zoom-out">
            <path d="M3.5 8h9" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </ZoomButton>
          <ZoomButton label={t('zoomIn')} onClick={() => controller?.zoomIn()} testId="timeline-zoom-in">
            <path d="M3.5 8h9M8 3.5v9" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </ZoomButton>
          <ZoomButton label={t('zoomWhole')} onClick={() => controller?.zoomWhole()} testId="timeline-zoom-whole">
            <path d="M2.5 5.5v-3h3M13.5 5.5v-3h-3M2.5 10.5v3h3M13.5 10.5v3h-3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </ZoomButton>
        </div>
      </div>
      <div ref={host} className="relative w-full select-none" data-testid="timeline-canvas-host">
        <canvas ref={canvas} className="block w-full touch-none" role="img" aria-label={t('canvasLabel')} data-testid="timeline-canvas" />
      </div>
    </section>
  )
}
