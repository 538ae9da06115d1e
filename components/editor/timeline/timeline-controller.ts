// The timeline's canvas, driven outside React: it subscribes to the editor's store (playback time,
// selection, active row) and draws on the next animation frame when something it shows changed,
// never more than once a frame and never through a React render. Pointer input is handled here too:
// click to seek, drag a block or an edge (snapped, Alt to place freely), double-click to select the
// row, Ctrl+wheel to zoom, wheel to scroll, the scroll bar. React gives it the rows and the media.
import type { Peaks } from '@/lib/waveform'
import type { TaskSegment } from '@/lib/client/tasks'
import type { Edits } from '../drafts'
import type { EditorStore, EditorStoreApi } from '../state/editor-store'
import { buildCueIndex, roomAround, cuesInView, type CueIndex } from './timeline-cues'
import { dragTimes, snapThresholdMs, type DragKind } from './timeline-drag'
import { blockBox, drawScene, layoutFor, preciseTime, readTheme, scrollThumb, type DragState, type Layout, type Scene, type Theme } from './timeline-draw'
import { clampView, followPlayhead, msAt, scrollBy, showAt, spanOf, wholeView, xAt, zoomAround, ZOOM_STEP, type TimelineView } from './timeline-view'

export type TimelineCallbacks = {
  /** A cue dragged to new times: saved as one undoable step; resolves once settled. */
  moveCue: (id: number, startMs: number, endMs: number) => Promise<void>
  /** A double-click on a block: select its row (Shift extends, Ctrl/Cmd toggles). */
  selectCue: (id: number, mods: { shift: boolean; toggle: boolean }) => void
}

type Media = { peaks: Peaks | null; peaksUntilMs: number | null; cuts: readonly number[]; fps: number; durationMs: number | null }

/** A time span shown when the editor opens: enough to read the blocks. */
const FIRST_SPAN_MS = 30_000
/** Pixels a pointer moves before a press becomes a drag. */
const DRAG_START_PX = 3
/** A block's edge can be taken this close to it. */
const EDGE_PX = 6
/** After the person scrolls or zooms, playback leaves the view where they put it this long. */
const HANDS_OFF_MS = 2500

type Press =
  | { kind: 'cue'; id: number; part: DragKind; x: number; y: number; pointerId: number; isDragging: boolean }
  | { kind: 'scroll'; grabX: number; pointerId: number }
  | { kind: 'seek'; x: number; y: number; pointerId: number }

export class TimelineController {
  private readonly ctx: CanvasRenderingContext2D
  private theme: Theme
  private layout: Layout = layoutFor(800)
  /** The playhead's time as last written into the clock. */
  private clockText = ''
  private clockAt = 0
  private view: TimelineView = { startMs: 0, msPerPx: 1, widthPx: 1 }
  private hasView = false
  /** How the zoom was set: the opening span (kept as the file's length becomes known), the whole file (kept as it grows), or by the person. */
  private zoomMode: 'first' | 'whole' | 'free' = 'first'
  private durationMs = 1000
  private index: CueIndex = { cues: [], longestMs: 0, at: new Map() }
  private rows: { segments: readonly TaskSegment[]; edits: Edits; flagged: ReadonlySet<number> } = { segments: [], edits: {}, flagged: new Set() }
  /** Times of cues dropped and not yet saved (drawn where they were dropped meanwhile). */
  private readonly moved = new Map<number, { startMs: number; endMs: number }>()
  private media: Media = { peaks: null, peaksUntilMs: null, cuts: [], fps: 25, durationMs: null }
  private rowIds: readonly number[] = []
  private hover: Scene['hover'] = null
  private drag: DragState | null = null
  private press: Press | null = null
  private isScrollHot = false
  private handsOffUntil = 0
  private frame = 0
  private hasDrawnWaveform = false
  private readonly cleanups: (() => void)[] = []
  private labels: Scene['labels'] = { shot: 'shot', frame: 'frame' }

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly host: HTMLElement,
    private readonly store: EditorStoreApi,
    private readonly callbacks: TimelineCallbacks,
    /** Where the playhead's time is written (outside React, as the canvas is drawn). */
    private readonly clock: HTMLElement | null = null,
  ) {
    this.ctx = canvas.getContext('2d')!
    this.theme = readTheme(host)
    const listen = <K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, fn: (event: HTMLElementEventMap[K]) => void, options?: AddEventListenerOptions) => {
      target.addEventListener(type, fn as EventListener, options)
      this.cleanups.push(() => target.removeEventListener(type, fn as EventListener, options))
    }
    listen(canvas, 'pointerdown', (e) => this.onPointerDown(e))
    listen(canvas, 'pointermove', (e) => this.onPointerMove(e))
    listen(canvas, 'pointerup', (e) => this.onPointerUp(e))
    listen(canvas, 'pointercancel', () => this.cancelPress())
    listen(canvas, 'pointerleave', () => this.setHover(null))
    listen(canvas, 'dblclick', (e) => this.onDoubleClick(e))
    listen(canvas, 'wheel', (e) => this.onWheel(e), { passive: false })
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && this.drag) {
        e.preventDefault()
        e.stopPropagation()
        this.cancelPress()
      }
    }
    window.addEventListener('keydown', onKey, true)
    this.cleanups.push(() => window.removeEventListener('keydown', onKey, true))
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)')
    const onScheme = () => {
      this.theme = readTheme(host)
      this.invalidate()
    }
    scheme?.addEventListener('change', onScheme)
    this.cleanups.push(() => scheme?.removeEventListener('change', onScheme))
    const resize = new ResizeObserver(() => this.resize())
    resize.observe(host)
    this.cleanups.push(() => resize.disconnect())
    const onWindow = () => this.resize()
    window.addEventListener('resize', onWindow)
    this.cleanups.push(() => window.removeEventListener('resize', onWindow))
    this.cleanups.push(store.subscribe((state, before) => this.onStore(state, before)))
    this.resize()
  }

  destroy(): void {
    cancelAnimationFrame(this.frame)
    for (const cleanup of this.cleanups.splice(0)) cleanup()
  }

  // ---- data from React ----

  setRows(segments: readonly TaskSegment[], edits: Edits, flagged: ReadonlySet<number>): void {
    this.rows = { segments, edits, flagged }
    this.rebuild()
  }

  /** The words drawn on the canvas, in the page's language. */
  setLabels(labels: Scene['labels']): void {
    this.labels = labels
    this.invalidate()
  }

  setRowIds(ids: readonly number[]): void {
    this.rowIds = ids
    this.invalidate()
  }

  setMedia(media: Media): void {
    this.media = media
    this.updateDuration()
    this.invalidate()
  }

  // ---- zoom, from the buttons ----

  zoomBy(factor: number): void {
    const { timeMs } = this.store.getState().playback
    const span = spanOf(this.view)
    const anchor = timeMs >= this.view.startMs && timeMs <= this.view.startMs + span ? timeMs : this.view.startMs + span / 2
    this.setView(zoomAround(this.view, factor, anchor, this.durationMs))
  }

  zoomIn = () => this.zoomBy(ZOOM_STEP)
  zoomOut = () => this.zoomBy(1 / ZOOM_STEP)

  zoomWhole = () => {
    this.setView(wholeView(this.view.widthPx, this.durationMs))
    this.zoomMode = 'whole'
  }

  // ---- drawing ----

  invalidate(): void {
    if (this.frame) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      this.draw()
    })
  }

  private rebuild() {
    this.index = buildCueIndex(this.rows.segments, this.rows.edits, this.rows.flagged, this.moved)
    this.updateDuration()
    this.invalidate()
  }

  private updateDuration() {
    const lastEnd = this.index.cues.reduce((end, cue) => Math.max(end, cue.endMs), 0)
    const next = Math.max(1000, this.media.durationMs ?? 0, this.media.peaks?.durationMs ?? 0, lastEnd)
    if (next === this.durationMs) return
    this.durationMs = next
    if (this.hasView) this.setView(this.fitted(this.view.widthPx), { keepMode: true })
  }

  /** The view for a width and the file's length, as the zoom mode keeps it. */
  private fitted(width: number): TimelineView {
    if (this.zoomMode === 'whole') return wholeView(width, this.durationMs)
    if (this.zoomMode === 'first') return clampView({ startMs: this.view.startMs, msPerPx: Math.min(this.durationMs, FIRST_SPAN_MS) / width, widthPx: width }, this.durationMs)
    return clampView({ ...this.view, widthPx: width }, this.durationMs)
  }

  private resize() {
    const width = Math.max(1, Math.round(this.host.clientWidth))
    const dpr = window.devicePixelRatio || 1
    this.layout = layoutFor(window.innerHeight)
    const { height, cueTop, cueH } = this.layout
    if (this.canvas.width !== Math.round(width * dpr)) this.canvas.width = Math.round(width * dpr)
    if (this.canvas.height !== Math.round(height * dpr)) this.canvas.height = Math.round(height * dpr)
    this.canvas.style.height = `${height}px`
    // Where the blocks are, for tests and benchmarks that drag them.
    this.host.dataset.cueTop = String(cueTop)
    this.host.dataset.cueHeight = String(cueH)
    this.hasView = true
    this.view = this.fitted(width)
    this.publishView()
    this.invalidate()
  }

  private setView(view: TimelineView, { keepMode = false } = {}) {
    if (!keepMode) this.zoomMode = 'free'
    this.view = view
    this.publishView()
    this.invalidate()
  }

  /** The view on the host's data attributes (for tests and benchmarks: where a moment is on screen). */
  private publishView() {
    this.host.dataset.viewStart = String(Math.round(this.view.startMs * 1000) / 1000)
    this.host.dataset.msPerPx = String(this.view.msPerPx)
  }

  private activeId(state = this.store.getState()): number | null {
    return this.rowIds[state.activeIndex] ?? null
  }

  private draw() {
    const started = performance.now()
    const state = this.store.getState()
    const dpr = window.devicePixelRatio || 1
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    const scene: Scene = {
      layout: this.layout,
      view: this.view,
      durationMs: this.durationMs,
      index: this.index,
      peaks: this.media.peaks,
      peaksUntilMs: this.media.peaksUntilMs,
      cuts: this.media.cuts,
      timeMs: state.playback.timeMs,
      selected: state.selection.ids,
      activeId: this.activeId(state),
      hover: this.hover,
      drag: this.drag,
      labels: this.labels,
    }
    drawScene(this.ctx, scene, this.theme, this.view.widthPx, { isScrollHot: this.isScrollHot })
    // The clock at most ten times a second while playing: its text changing costs the page a layout.
    const clock = preciseTime(state.playback.timeMs)
    if (this.clock && clock !== this.clockText && (!state.playback.isPlaying || started - this.clockAt >= 100)) {
      this.clock.textContent = this.clockText = clock
      this.clockAt = started
    }
    // A benchmark that sets `window.__timelineDraws` hears how long each frame's drawing took.
    ;(window as { __timelineDraws?: number[] }).__timelineDraws?.push(performance.now() - started)
    if (this.media.peaks && !this.hasDrawnWaveform) {
      this.hasDrawnWaveform = true
      this.host.dataset.waveformDrawn = 'true'
      performance.mark('timeline:waveform')
    }
  }

  // ---- the store ----

  private onStore(state: EditorStore, before: EditorStore) {
    if (state.playback !== before.playback) {
      const { timeMs, isPlaying } = state.playback
      const isHandsOff = isPlaying && performance.now() < this.handsOffUntil
      if (!this.press && !isHandsOff && (timeMs !== before.playback.timeMs || isPlaying !== before.playback.isPlaying)) {
        const next = followPlayhead(this.view, timeMs, isPlaying, this.durationMs)
        if (next) this.setView(next, { keepMode: true })
      }
      this.invalidate()
    }
    if (state.selection !== before.selection) this.invalidate()
    if (state.activeIndex !== before.activeIndex) {
      // A row made active elsewhere (the list, the keys) is brought into view unless the video plays.
      const id = this.activeId(state)
      const at = id === null ? undefined : this.index.at.get(id)
      if (at !== undefined && !state.playback.isPlaying && !this.press) {
        const cue = this.index.cues[at]
        const span = spanOf(this.view)
        if (cue.endMs < this.view.startMs || cue.startMs > this.view.startMs + span) this.setView(showAt(this.view, cue.startMs, 0.3, this.durationMs), { keepMode: true })
      }
      this.invalidate()
    }
  }

  // ---- pointer ----

  private pointOf(event: MouseEvent): { x: number; y: number } {
    const box = this.canvas.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }

  /** The block part under a point: its body or an edge. */
  private hitCue(x: number, y: number): { id: number; part: DragKind } | null {
    if (y < this.layout.cueTop || y > this.layout.cueTop + this.layout.cueH) return null
    const { view, index } = this
    const [first, end] = cuesInView(index, msAt(view, x - EDGE_PX), msAt(view, x + EDGE_PX))
    let best: { id: number; part: DragKind; distance: number } | null = null
    for (let i = first; i < end; i++) {
      const cue = index.cues[i]
      const box = blockBox(cue, this.layout)
      if (y < box.top - 2 || y > box.top + box.height + 2) continue
      const x0 = xAt(view, cue.startMs)
      const x1 = xAt(view, cue.endMs)
      if (x < x0 - EDGE_PX || x > x1 + EDGE_PX) continue
      const edge = Math.min(EDGE_PX, (x1 - x0) / 3)
      const part: DragKind = Math.abs(x - x0) <= edge ? 'start' : Math.abs(x - x1) <= edge ? 'end' : 'move'
      const inside = x >= x0 && x <= x1
      const distance = part === 'move' ? (inside ? 0 : Infinity) : Math.abs(x - (part === 'start' ? x0 : x1)) + (inside ? 0 : 0.5)
      if (distance === Infinity) continue
      if (!best || distance < best.distance) best = { id: cue.id, part, distance }
    }
    return best && { id: best.id, part: best.part }
  }

  private isOnScrollbar(y: number) {
    return y >= this.layout.scrollTop - 2
  }

  private setHover(hover: Scene['hover']) {
    if (hover?.id === this.hover?.id && hover?.kind === this.hover?.kind) return
    this.hover = hover
    this.invalidate()
  }

  private setCursor(cursor: string) {
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor
  }

  private onPointerDown(event: PointerEvent) {
    if (event.button !== 0) return
    const { x, y } = this.pointOf(event)
    this.canvas.setPointerCapture(event.pointerId)
    if (this.isOnScrollbar(y)) {
      const { thumbX, thumbW } = scrollThumb(this.view, this.durationMs, this.view.widthPx)
      // A press beside the thumb moves the thumb there first.
      if (x < thumbX || x > thumbX + thumbW) this.scrollThumbTo(x - thumbW / 2)
      const now = scrollThumb(this.view, this.durationMs, this.view.widthPx)
      this.press = { kind: 'scroll', grabX: x - now.thumbX, pointerId: event.pointerId }
      this.isScrollHot = true
      this.invalidate()
      return
    }
    const hit = this.hitCue(x, y)
    this.press = hit ? { kind: 'cue', id: hit.id, part: hit.part, x, y, pointerId: event.pointerId, isDragging: false } : { kind: 'seek', x, y, pointerId: event.pointerId }
  }

  private scrollThumbTo(thumbX: number) {
    const { thumbW } = scrollThumb(this.view, this.durationMs, this.view.widthPx)
    const track = this.view.widthPx - 4 - thumbW
    const length = Math.max(this.durationMs, spanOf(this.view))
    const fraction = track > 0 ? Math.max(0, Math.min(1, (thumbX - 2) / track)) : 0
    this.handsOffUntil = performance.now() + HANDS_OFF_MS
    this.setView(clampView({ ...this.view, startMs: fraction * (length - spanOf(this.view)) }, this.durationMs))
  }

  private onPointerMove(event: PointerEvent) {
    const { x, y } = this.pointOf(event)
    const press = this.press
    if (!press) {
      if (this.isOnScrollbar(y)) {
        this.setHover(null)
        this.setCursor('default')
        if (!this.isScrollHot) {
          this.isScrollHot = true
          this.invalidate()
        }
        return
      }
      if (this.isScrollHot) {
        this.isScrollHot = false
        this.invalidate()
      }
      const hit = this.hitCue(x, y)
      this.setHover(hit && { id: hit.id, kind: hit.part })
      this.setCursor(hit ? (hit.part === 'move' ? 'grab' : 'ew-resize') : 'default')
      return
    }
    if (press.kind === 'scroll') return this.scrollThumbTo(x - press.grabX)
    if (press.kind !== 'cue') return
    if (!press.isDragging) {
      if (Math.abs(x - press.x) < DRAG_START_PX) return
      press.isDragging = true
      this.setCursor(press.part === 'move' ? 'grabbing' : 'ew-resize')
    }
    const at = this.index.at.get(press.id)
    if (at === undefined) return this.cancelPress()
    const cue = this.index.cues[at]
    const fps = this.media.fps
    const snapping = event.altKey ? null : { cuts: this.media.cuts, fps, thresholdMs: snapThresholdMs(this.view.msPerPx, fps) }
    const moved = dragTimes(press.part, cue, (x - press.x) * this.view.msPerPx, { snapping, room: roomAround(this.index, press.id) })
    this.drag = { id: press.id, kind: press.part, fromStartMs: cue.startMs, fromEndMs: cue.endMs, ...moved }
    this.invalidate()
  }

  private onPointerUp(event: PointerEvent) {
    const press = this.press
    this.press = null
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId)
    if (!press) return
    if (press.kind === 'scroll') {
      this.isScrollHot = this.isOnScrollbar(this.pointOf(event).y)
      this.invalidate()
      return
    }
    const drag = this.drag
    this.drag = null
    if (press.kind === 'cue' && press.isDragging) {
      this.setCursor('grab')
      if (drag && (drag.startMs !== drag.fromStartMs || drag.endMs !== drag.fromEndMs)) this.commit(drag)
      this.invalidate()
      return
    }
    // A click: the video goes there (or, with none open, the playhead alone).
    const ms = Math.max(0, Math.min(this.durationMs, msAt(this.view, this.pointOf(event).x)))
    const { seek, setPlayback } = this.store.getState()
    if (!seek(ms)) setPlayback({ timeMs: ms })
  }

  private commit(drag: DragState) {
    const { id, startMs, endMs } = drag
    this.moved.set(id, { startMs, endMs })
    this.rebuild()
    void this.callbacks.moveCue(id, startMs, endMs).finally(() => {
      // The rows have the saved times by now (or their old ones back); drawn from them next frame.
      requestAnimationFrame(() => {
        if (this.moved.get(id)?.startMs === startMs && this.moved.get(id)?.endMs === endMs) this.moved.delete(id)
        this.rebuild()
      })
    })
  }

  private cancelPress() {
    this.press = null
    this.drag = null
    this.setCursor('default')
    this.invalidate()
  }

  private onDoubleClick(event: MouseEvent) {
    const { x, y } = this.pointOf(event)
    const hit = this.hitCue(x, y)
    if (hit) this.callbacks.selectCue(hit.id, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey })
  }

  private onWheel(event: WheelEvent) {
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? this.view.widthPx : 1
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault()
      const anchor = msAt(this.view, this.pointOf(event).x)
      this.setView(zoomAround(this.view, Math.exp((-event.deltaY * unit) / 300), anchor, this.durationMs))
    } else {
      const dx = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY
      if (dx === 0) return
      event.preventDefault()
      this.setView(scrollBy(this.view, dx * unit, this.durationMs))
    }
    this.handsOffUntil = performance.now() + HANDS_OFF_MS
  }
}
