// What the timeline shows: the moment at its left edge and how many milliseconds a CSS pixel is,
// over a canvas `widthPx` wide. Zoom goes from the whole file down to about one second across;
// scrolling never leaves the file. Pure: the canvas controller keeps one and draws from it.

export type TimelineView = { startMs: number; msPerPx: number; widthPx: number }

/** The narrowest span the timeline zooms to: about a second across. */
export const MIN_SPAN_MS = 1000
/** Each press of a zoom button (and each notch of Ctrl+wheel is a fraction of it). */
export const ZOOM_STEP = 2

export const spanOf = (view: TimelineView): number => view.msPerPx * view.widthPx
export const msAt = (view: TimelineView, x: number): number => view.startMs + x * view.msPerPx
export const xAt = (view: TimelineView, ms: number): number => (ms - view.startMs) / view.msPerPx

/** The whole length drawn: the file, never less than the span of the closest zoom. */
const lengthOf = (durationMs: number) => Math.max(MIN_SPAN_MS, durationMs)

/** The view kept within its limits: zoom between ~1 s and the whole file across, the start inside the file. */
export function clampView(view: TimelineView, durationMs: number): TimelineView {
  const width = Math.max(1, view.widthPx)
  const msPerPx = Math.min(lengthOf(durationMs) / width, Math.max(MIN_SPAN_MS / width, view.msPerPx))
  const startMs = Math.max(0, Math.min(lengthOf(durationMs) - msPerPx * width, view.startMs))
  return { startMs, msPerPx, widthPx: width }
}

/** The whole file across. */
export const wholeView = (widthPx: number, durationMs: number): TimelineView => clampView({ startMs: 0, msPerPx: Infinity, widthPx }, durationMs)

/** Zoomed in (`factor` > 1) or out around `anchorMs`, which stays under the same pixel. */
export function zoomAround(view: TimelineView, factor: number, anchorMs: number, durationMs: number): TimelineView {
  const x = xAt(view, anchorMs)
  const { msPerPx } = clampView({ ...view, msPerPx: view.msPerPx / factor }, durationMs)
  return clampView({ ...view, msPerPx, startMs: anchorMs - x * msPerPx }, durationMs)
}

/** Scrolled by `dx` pixels. */
export const scrollBy = (view: TimelineView, dx: number, durationMs: number): TimelineView => clampView({ ...view, startMs: view.startMs + dx * view.msPerPx }, durationMs)

/** Scrolled so `ms` sits at `fraction` of the width. */
export const showAt = (view: TimelineView, ms: number, fraction: number, durationMs: number): TimelineView => clampView({ ...view, startMs: ms - spanOf(view) * fraction }, durationMs)

/**
 * The view that keeps the playhead in sight, or null when it already is. Playing, the view turns a
 * page when the playhead nears its right edge (or left it), so the picture moves seldom and the
 * eye can follow; a jump while paused (a row clicked, a seek) centres the new moment.
 */
export function followPlayhead(view: TimelineView, timeMs: number, isPlaying: boolean, durationMs: number): TimelineView | null {
  const span = spanOf(view)
  const from = view.startMs
  if (isPlaying) {
    if (timeMs >= from && timeMs <= from + span * 0.9) return null
    return showAt(view, timeMs, 0.1, durationMs)
  }
  if (timeMs >= from && timeMs <= from + span) return null
  return showAt(view, timeMs, 0.5, durationMs)
}

/** Ticks of the time ruler: the spacing between labelled ticks and how many small ticks between them. */
const TICKS: readonly [number, number][] = [
  [100, 4],
  [200, 4],
  [500, 5],
  [1000, 4],
  [2000, 4],
  [5000, 5],
  [10_000, 5],
  [15_000, 3],
  [30_000, 3],
  [60_000, 4],
  [120_000, 4],
  [300_000, 5],
  [600_000, 5],
  [900_000, 3],
  [1_800_000, 3],
  [3_600_000, 4],
]

/** The ruler's spacing for a zoom: labelled ticks at least `minPx` apart. */
export function tickSpacing(msPerPx: number, minPx = 90): { everyMs: number; minor: number } {
  const found = TICKS.find(([every]) => every / msPerPx >= minPx) ?? TICKS[TICKS.length - 1]
  return { everyMs: found[0], minor: found[1] }
}

/** A ruler label: `1:05`, `1:02:05`, or with tenths when ticks are under a second apart (`1:05.5`). */
export function rulerLabel(ms: number, everyMs: number): string {
  const total = Math.round(ms)
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor(total / 60_000) % 60
  const s = Math.floor(total / 1000) % 60
  const clock = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`
  return everyMs < 1000 ? `${clock}.${Math.floor((total % 1000) / 100)}` : clock
}
