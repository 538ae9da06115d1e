// The timeline's picture, drawn on one canvas from a scene: the time ruler, the waveform, the cue
// blocks (text, speaker tint, flag marks, handles), shot changes, the playhead and the scroll bar.
// Only what is in view is drawn: a few hundred waveform columns and the cues in view, whatever the
// file's length. Colours come from the page's design tokens, so light and dark follow the system.
import { speakerNumber } from '@/lib/speakers'
import { firstAtOrAfter } from '@/lib/timing'
import { levelFor, type Peaks } from '@/lib/waveform'
import { cuesInView, type CueIndex, type TimelineCue } from './timeline-cues'
import type { DragKind } from './timeline-drag'
import { msAt, spanOf, tickSpacing, rulerLabel, xAt, type TimelineView } from './timeline-view'

/** The bands, top to bottom, in CSS pixels. */
export type Layout = { rulerH: number; waveTop: number; waveH: number; cueTop: number; cueH: number; scrollTop: number; scrollH: number; height: number }

function layoutOf(waveH: number, cueH: number): Layout {
  const rulerH = 22
  const waveTop = rulerH + 2
  const cueTop = waveTop + waveH + 4
  const scrollTop = cueTop + cueH + 6
  return { rulerH, waveTop, waveH, cueTop, cueH, scrollTop, scrollH: 8, height: scrollTop + 12 }
}

/** Compact on a laptop's screen (1280x800), roomier where the window is tall. */
export const layoutFor = (windowHeight: number): Layout => (windowHeight >= 960 ? layoutOf(84, 56) : layoutOf(56, 46))

export type Theme = {
  font: string
  surface: string
  surface2: string
  fg: string
  muted: string
  subtle: string
  border: string
  brand: string
  brandSubtle: string
  warning: string
  danger: string
  info: string
  /** Speaker tints (block fill, stripe), in the chips' order. */
  tints: readonly { fill: string; stripe: string }[]
}

const token = (style: CSSStyleDeclaration, name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback

/** The design tokens as the element under them resolves them now (light or dark). */
export function readTheme(element: Element): Theme {
  const style = getComputedStyle(element)
  const get = (name: string, fallback: string) => token(style, name, fallback)
  return {
    font: style.fontFamily || 'system-ui, sans-serif',
    surface: get('--surface', '#fff'),
    surface2: get('--surface-2', '#f1f3f8'),
    fg: get('--fg', '#0f172a'),
    muted: get('--muted', '#4b5563'),
    subtle: get('--subtle', '#646b78'),
    border: get('--border', '#e3e6ee'),
    brand: get('--brand', '#4f46e5'),
    brandSubtle: get('--brand-subtle', '#eef0ff'),
    warning: get('--warning', '#b45309'),
    danger: get('--danger', '#b91c1c'),
    info: get('--info', '#1d4ed8'),
    // speaker-chip.tsx: info, warning, success, brand.
    tints: [
      { fill: get('--info-subtle', '#eff6ff'), stripe: get('--info', '#1d4ed8') },
      { fill: get('--warning-subtle', '#fffbeb'), stripe: get('--warning', '#b45309') },
      { fill: get('--success-subtle', '#ecfdf5'), stripe: get('--success', '#047857') },
      { fill: get('--brand-subtle', '#eef0ff'), stripe: get('--brand', '#4f46e5') },
    ],
  }
}

export type DragState = { id: number; kind: DragKind; startMs: number; endMs: number; fromStartMs: number; fromEndMs: number; snappedTo: 'shot' | 'frame' | null }

export type Scene = {
  layout: Layout
  view: TimelineView
  durationMs: number
  index: CueIndex
  peaks: Peaks | null
  /** How far a waveform still being measured reaches (null: all of it). */
  peaksUntilMs: number | null
  cuts: readonly number[]
  timeMs: number
  selected: ReadonlySet<number>
  activeId: number | null
  hover: { id: number; kind: DragKind } | null
  drag: DragState | null
  /** Words drawn on the canvas, in the page's language. */
  labels: { shot: string; frame: string }
}

/** Where a block sits vertically. */
export function blockBox(cue: Pick<TimelineCue, 'band'>, layout: Layout): { top: number; height: number } {
  const top = layout.cueTop + 3
  const full = layout.cueH - 6
  if (cue.band === 'full') return { top, height: full }
  const half = (full - 2) / 2
  return cue.band === 'top' ? { top, height: half } : { top: top + half + 2, height: half }
}

/** How loud the loudest moment is, so a quiet recording still draws (at most 4 times louder). */
const gains = new WeakMap<Peaks, number>()
function gainOf(peaks: Peaks): number {
  let gain = gains.get(peaks)
  if (gain === undefined) {
    const coarse = peaks.levels[peaks.levels.length - 1]
    let top = 1
    for (let i = 0; i < coarse.max.length; i++) top = Math.max(top, coarse.max[i], -coarse.min[i])
    gain = Math.min(4, 127 / top)
    gains.set(peaks, gain)
  }
  return gain
}

function drawWaveform(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, width: number) {
  const { view, peaks } = scene
  const mid = scene.layout.waveTop + scene.layout.waveH / 2
  ctx.fillStyle = theme.surface2
  ctx.fillRect(0, scene.layout.waveTop, width, scene.layout.waveH)
  ctx.fillStyle = theme.border
  ctx.fillRect(0, Math.round(mid), width, 1)
  if (!peaks) return
  const level = levelFor(peaks, view.msPerPx)
  const scale = ((scene.layout.waveH / 2 - 2) / 127) * gainOf(peaks)
  const until = Math.min(scene.peaksUntilMs ?? Infinity, peaks.durationMs)
  const bucketPx = level.bucketMs / view.msPerPx
  ctx.beginPath()
  if (bucketPx >= 1) {
    // Zoomed in: one bar a bucket.
    const first = Math.max(0, Math.floor(view.startMs / level.bucketMs))
    const last = Math.min(level.min.length - 1, Math.ceil((view.startMs + spanOf(view)) / level.bucketMs), Math.floor(until / level.bucketMs))
    const barW = Math.max(1, bucketPx - (bucketPx > 3 ? 1 : 0))
    for (let i = first; i <= last; i++) {
      const x = xAt(view, i * level.bucketMs)
      const hi = level.max[i] * scale
      const lo = level.min[i] * scale
      ctx.rect(x, mid - hi, barW, Math.max(1, hi - lo))
    }
  } else {
    // Zoomed out: one bar a pixel, the loudest of its buckets.
    for (let x = 0; x < width; x++) {
      const from = msAt(view, x)
      if (from >= until) break
      const a = Math.max(0, Math.floor(from / level.bucketMs))
      const b = Math.min(level.min.length, Math.max(a + 1, Math.floor((from + view.msPerPx) / level.bucketMs)))
      let hi = -127
      let lo = 127
      for (let i = a; i < b; i++) {
        if (level.max[i] > hi) hi = level.max[i]
        if (level.min[i] < lo) lo = level.min[i]
      }
      if (hi < lo) continue
      ctx.rect(x, mid - hi * scale, 1, Math.max(1, (hi - lo) * scale))
    }
  }
  ctx.globalAlpha = 0.6
  ctx.fillStyle = theme.brand
  ctx.fill()
  ctx.globalAlpha = 1
}

function drawRuler(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, width: number) {
  const { view } = scene
  ctx.fillStyle = theme.surface
  ctx.fillRect(0, 0, width, scene.layout.rulerH)
  ctx.fillStyle = theme.border
  ctx.fillRect(0, scene.layout.rulerH - 1, width, 1)
  const { everyMs, minor } = tickSpacing(view.msPerPx)
  const step = everyMs / minor
  const end = Math.min(view.startMs + spanOf(view), scene.durationMs)
  ctx.font = `10px ${theme.font}`
  ctx.textBaseline = 'middle'
  for (let t = Math.floor(view.startMs / step) * step; t <= end; t += step) {
    const x = Math.round(xAt(view, t)) + 0.5
    const isMajor = Math.round(t / step) % minor === 0
    ctx.fillStyle = isMajor ? theme.subtle : theme.border
    ctx.fillRect(x - 0.5, isMajor ? scene.layout.rulerH - 9 : scene.layout.rulerH - 5, 1, isMajor ? 8 : 4)
    if (isMajor) {
      ctx.fillStyle = theme.subtle
      ctx.fillText(rulerLabel(t, everyMs), x + 4, 8)
    }
  }
}

function drawCuts(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme) {
  const { view, cuts } = scene
  const from = view.startMs
  const to = from + spanOf(view)
  const lo = firstAtOrAfter(cuts, from)
  ctx.strokeStyle = theme.info
  ctx.fillStyle = theme.info
  ctx.lineWidth = 1
  ctx.setLineDash([3, 3])
  ctx.globalAlpha = 0.85
  for (let i = lo; i < cuts.length && cuts[i] <= to; i++) {
    const x = Math.round(xAt(view, cuts[i])) + 0.5
    ctx.beginPath()
    ctx.moveTo(x, scene.layout.rulerH)
    ctx.lineTo(x, scene.layout.cueTop + scene.layout.cueH)
    ctx.stroke()
    // A small mark on the ruler.
    ctx.beginPath()
    ctx.moveTo(x - 4, scene.layout.rulerH - 6)
    ctx.lineTo(x + 4, scene.layout.rulerH - 6)
    ctx.lineTo(x, scene.layout.rulerH)
    ctx.closePath()
    ctx.fill()
  }
  ctx.setLineDash([])
  ctx.globalAlpha = 1
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2))
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, radius)
}

function drawBlock(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, cue: TimelineCue, times: { startMs: number; endMs: number }, state: { isSelected: boolean; isActive: boolean; isHovered: boolean; hoverKind: DragKind | null; isDragged: boolean }) {
  const { view } = scene
  const x0 = xAt(view, times.startMs)
  const x1 = xAt(view, times.endMs)
  const { top, height } = blockBox(cue, scene.layout)
  const x = Math.round(x0) + 0.5
  const w = Math.max(2, Math.round(x1) - Math.round(x0) - 1)
  const tint = cue.speaker ? theme.tints[(speakerNumber(cue.speaker) + theme.tints.length - 1) % theme.tints.length] : null
  const isMarked = state.isSelected || state.isActive || state.isDragged
  roundRect(ctx, x, top + 0.5, w, height - 1, 4)
  ctx.fillStyle = isMarked ? theme.brandSubtle : (tint?.fill ?? theme.surface2)
  ctx.fill()
  ctx.lineWidth = isMarked ? 1.5 : 1
  ctx.strokeStyle = isMarked ? theme.brand : state.isHovered ? theme.subtle : theme.border
  ctx.stroke()
  ctx.lineWidth = 1
  if (tint && w > 4) {
    ctx.fillStyle = tint.stripe
    ctx.fillRect(x + 1, top + 3, 2, height - 6)
  }
  // Handles: two short grips at each edge of the block under the pointer or being dragged.
  if ((state.isHovered || state.isDragged) && w >= 14) {
    ctx.fillStyle = theme.brand
    const grip = Math.min(14, height - 10)
    const gy = top + (height - grip) / 2
    const strong = (edge: DragKind) => state.hoverKind === edge || state.hoverKind === 'move'
    ctx.globalAlpha = strong('start') ? 1 : 0.55
    ctx.fillRect(x + 3, gy, 2, grip)
    ctx.globalAlpha = strong('end') ? 1 : 0.55
    ctx.fillRect(x + w - 5, gy, 2, grip)
    ctx.globalAlpha = 1
  }
  // The flag: a warning corner in the top right and a warning line along the bottom.
  const flagRoom = cue.isFlagged && w >= 16 ? 10 : 0
  if (cue.isFlagged) {
    ctx.fillStyle = theme.warning
    ctx.fillRect(x + 2, top + height - 3.5, Math.max(1, w - 4), 2)
    if (flagRoom) {
      const fx = x + w - 1
      const fy = top + 1
      ctx.beginPath()
      ctx.moveTo(fx - 9, fy)
      ctx.lineTo(fx - 3, fy)
      ctx.arcTo(fx, fy, fx, fy + 3, 3)
      ctx.lineTo(fx, fy + 9)
      ctx.closePath()
      ctx.fill()
    }
  }
  // The cue's number, then its text, clear of the stripe and the grips.
  let textLeft = x + 8
  const textRight = x + w - 4 - flagRoom
  if (textRight - textLeft > 12) {
    ctx.save()
    ctx.beginPath()
    ctx.rect(textLeft, top, textRight - textLeft, height)
    ctx.clip()
    ctx.textBaseline = 'middle'
    const middle = top + height / 2 + 0.5
    if (textRight - textLeft > 48) {
      ctx.font = `10px ${theme.font}`
      ctx.fillStyle = theme.subtle
      const number = String(cue.id)
      ctx.fillText(number, textLeft, middle)
      textLeft += ctx.measureText(number).width + 5
    }
    if (cue.text) {
      ctx.fillStyle = theme.fg
      ctx.font = `${height >= 30 ? 12 : 11}px ${theme.font}`
      ctx.fillText(cue.text, textLeft, middle)
    }
    ctx.restore()
  }
}

/** "1:02.120", or "1:02:03.120" past an hour. */
export function preciseTime(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor(total / 60_000) % 60
  const s = String(Math.floor(total / 1000) % 60).padStart(2, '0')
  const frac = String(total % 1000).padStart(3, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}.${frac}` : `${m}:${s}.${frac}`
}

function drawDragLabel(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, width: number) {
  const drag = scene.drag!
  const { view } = scene
  const times = drag.kind === 'start' ? preciseTime(drag.startMs) : drag.kind === 'end' ? preciseTime(drag.endMs) : `${preciseTime(drag.startMs)} – ${preciseTime(drag.endMs)}`
  const label = drag.snappedTo ? `${times} · ${drag.snappedTo === 'shot' ? scene.labels.shot : scene.labels.frame}` : times
  ctx.font = `11px ${theme.font}`
  const textW = ctx.measureText(label).width
  const anchor = xAt(view, drag.kind === 'end' ? drag.endMs : drag.startMs)
  // The edge that lands on a shot change is drawn over it, under the label.
  if (drag.snappedTo === 'shot') {
    ctx.strokeStyle = theme.info
    ctx.lineWidth = 2
    const edge = drag.kind === 'end' ? drag.endMs : drag.startMs
    const x = Math.round(xAt(view, edge)) + 0.5
    ctx.beginPath()
    ctx.moveTo(x, scene.layout.rulerH)
    ctx.lineTo(x, scene.layout.cueTop + scene.layout.cueH)
    ctx.stroke()
    ctx.lineWidth = 1
  }
  const boxW = textW + 14
  // Beside the edge it is about, on the side away from the block.
  const bx = Math.max(2, Math.min(width - boxW - 2, drag.kind === 'end' ? anchor + 6 : drag.kind === 'start' ? anchor - boxW - 6 : anchor - 8))
  const by = scene.layout.waveTop + 4
  roundRect(ctx, bx, by, boxW, 20, 5)
  ctx.fillStyle = theme.fg
  ctx.fill()
  ctx.fillStyle = theme.surface
  ctx.textBaseline = 'middle'
  ctx.fillText(label, bx + 7, by + 10.5)
}

function drawScrollbar(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, width: number, isHot: boolean) {
  const { thumbX, thumbW } = scrollThumb(scene.view, scene.durationMs, width)
  const y = scene.layout.scrollTop
  roundRect(ctx, 2, y + 1, width - 4, scene.layout.scrollH - 2, 3)
  ctx.fillStyle = theme.surface2
  ctx.fill()
  roundRect(ctx, thumbX, y + 1, thumbW, scene.layout.scrollH - 2, 3)
  ctx.fillStyle = isHot ? theme.muted : theme.subtle
  ctx.globalAlpha = isHot ? 0.7 : 0.45
  ctx.fill()
  ctx.globalAlpha = 1
}

/** Where the scroll bar's thumb is: the view's share of the file. */
export function scrollThumb(view: TimelineView, durationMs: number, width: number): { thumbX: number; thumbW: number } {
  const track = width - 4
  const length = Math.max(durationMs, spanOf(view))
  const thumbW = Math.max(24, (spanOf(view) / length) * track)
  const thumbX = 2 + (view.startMs / Math.max(1, length - spanOf(view))) * (track - thumbW) || 2
  return { thumbX, thumbW }
}

/** Draws the whole scene (CSS pixels; the context already scaled to the screen's pixels). */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene, theme: Theme, width: number, { isScrollHot = false } = {}): void {
  const { view, index } = scene
  ctx.clearRect(0, 0, width, scene.layout.height)
  ctx.fillStyle = theme.surface
  ctx.fillRect(0, 0, width, scene.layout.height)
  drawRuler(ctx, scene, theme, width)
  drawWaveform(ctx, scene, theme, width)
  // Beyond the end of the file.
  const endX = xAt(view, scene.durationMs)
  if (endX < width) {
    ctx.fillStyle = theme.surface2
    ctx.globalAlpha = 0.6
    ctx.fillRect(Math.max(0, endX), scene.layout.rulerH, width - Math.max(0, endX), scene.layout.cueTop + scene.layout.cueH - scene.layout.rulerH)
    ctx.globalAlpha = 1
  }
  drawCuts(ctx, scene, theme)
  const [first, end] = cuesInView(index, view.startMs, view.startMs + spanOf(view))
  const drag = scene.drag
  for (let i = first; i < end; i++) {
    const cue = index.cues[i]
    if (cue.endMs < view.startMs) continue
    const isDragged = drag?.id === cue.id
    if (isDragged) {
      // Where it was, dashed, under where it goes.
      const { top, height } = blockBox(cue, scene.layout)
      const x0 = Math.round(xAt(view, drag.fromStartMs)) + 0.5
      const w = Math.max(2, Math.round(xAt(view, drag.fromEndMs)) - Math.round(xAt(view, drag.fromStartMs)) - 1)
      ctx.setLineDash([4, 3])
      ctx.strokeStyle = theme.subtle
      roundRect(ctx, x0, top + 0.5, w, height - 1, 4)
      ctx.stroke()
      ctx.setLineDash([])
      continue
    }
    drawBlock(ctx, scene, theme, cue, cue, {
      isSelected: scene.selected.has(cue.id),
      isActive: scene.activeId === cue.id,
      isHovered: scene.hover?.id === cue.id,
      hoverKind: scene.hover?.id === cue.id ? scene.hover.kind : null,
      isDragged: false,
    })
  }
  if (drag) {
    const cue = index.cues[index.at.get(drag.id) ?? -1]
    if (cue) drawBlock(ctx, scene, theme, cue, drag, { isSelected: true, isActive: true, isHovered: true, hoverKind: drag.kind, isDragged: true })
  }
  // The playhead.
  const px = Math.round(xAt(view, scene.timeMs)) + 0.5
  if (px >= -6 && px <= width + 6) {
    ctx.fillStyle = theme.danger
    ctx.fillRect(px - 0.5, 0, 1.5, scene.layout.cueTop + scene.layout.cueH)
    ctx.beginPath()
    ctx.moveTo(px - 5, 0)
    ctx.lineTo(px + 5.5, 0)
    ctx.lineTo(px + 0.25, 7)
    ctx.closePath()
    ctx.fill()
  }
  if (drag) drawDragLabel(ctx, scene, theme, width)
  drawScrollbar(ctx, scene, theme, width, isScrollHot)
}
