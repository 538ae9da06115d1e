// The styled subtitle renderer: presets and custom styles drawn with the Canvas 2D API on the
// editor's preview canvas and on every frame of a burned-in export alike (subtitle-renderer.ts).
import { loadFontsFor } from './fonts'
import { layoutCue, LINE_HEIGHT, timeTokens, tokenize, type PlacedLine, type Token } from './layout'
import { FONT_STACKS } from './look'
import type { LineStyle, SubtitleStyle } from '@/lib/video/universal/styles'
import type { DrawnArea, FrameContext, SubtitleRenderer } from './subtitle-renderer'
import type { TimedWord } from '@/lib/captions'

export type { TimedWord }
/** One cue as the export sees it: both languages, and the recogniser's words in its time for word highlight. */
export type StyledCue = { startMs: number; endMs: number; original: string; translation: string; words?: TimedWord[] }

type Size = { width: number; height: number }
type Ctx = FrameContext

export const fontOf = (style: LineStyle, px: number) => `${style.bold ? 700 : 400} ${px}px ${FONT_STACKS[style.font]}`

/** The cue shown at `timeMs` (cues sorted by start; a cue is shown from its start up to its end). */
export function cueIndexAt(cues: StyledCue[], timeMs: number): number {
  let lo = 0
  let hi = cues.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (cues[mid].startMs <= timeMs) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  // An overlapping earlier cue may still be on screen when the latest-starting one has ended.
  for (let i = found; i >= 0 && i > found - 4; i--) if (timeMs < cues[i].endMs) return i
  return -1
}

function blocksOf(cue: StyledCue, style: SubtitleStyle): { tokens: Token[]; style: LineStyle }[] {
  const spoken = (text: string) => {
    const tokens = tokenize(text)
    return style.preset === 'wordHighlight' ? timeTokens(tokens, cue, cue.words) : tokens
  }
  if (style.content === 'original') return [{ tokens: spoken(cue.original), style: style.main }]
  if (style.content === 'translation') return [{ tokens: tokenize(cue.translation || cue.original), style: style.main }]
  return [
    { tokens: tokenize(cue.translation), style: style.main },
    { tokens: spoken(cue.original), style: style.second },
  ]
}

function rgba(hex: string, alpha: number) {
  const n = parseInt(hex.slice(1), 16)
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** Where `lines` draw, box, outline and shadow included, with a margin for the glyphs' overhang. */
function linesArea(lines: PlacedLine[]): DrawnArea | null {
  if (lines.length === 0) return null
  const boxes = lines.map((line) => {
    const reach = line.fontPx * (0.6 + line.style.outline + line.style.shadow)
    return { left: line.left - reach, top: line.y - reach, right: line.left + line.width + reach, bottom: line.y + line.fontPx * LINE_HEIGHT + reach }
  })
  const left = Math.floor(Math.min(...boxes.map((b) => b.left)))
  const top = Math.floor(Math.min(...boxes.map((b) => b.top)))
  return { x: left, y: top, width: Math.ceil(Math.max(...boxes.map((b) => b.right))) - left, height: Math.ceil(Math.max(...boxes.map((b) => b.bottom))) - top }
}

function drawLine(ctx: Ctx, line: PlacedLine, timeMs: number, highlight: string) {
  const { style, fontPx } = line
  const height = fontPx * LINE_HEIGHT
  const mid = line.y + height / 2
  ctx.font = fontOf(style, fontPx)
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  if (style.boxOpacity > 0) {
    const pad = fontPx * 0.35
    ctx.fillStyle = rgba(style.boxColour, style.boxOpacity)
    ctx.beginPath()
    ctx.roundRect(line.left - pad, line.y, line.width + 2 * pad, height, fontPx * 0.18)
    ctx.fill()
  }
  const passes: ['shadow' | 'outline' | 'fill', number][] = []
  if (style.shadow > 0) passes.push(['shadow', style.shadow * fontPx])
  if (style.outline > 0) passes.push(['outline', style.outline * fontPx])
  passes.push(['fill', 0])
  for (const [pass, amount] of passes) {
    ctx.lineJoin = 'round'
    for (const token of line.tokens) {
      const x = line.left + token.x
      if (pass === 'shadow') {
        ctx.fillStyle = 'rgba(0, 0, 0, 0.55)'
        ctx.fillText(token.text, x + amount, mid + amount)
      } else if (pass === 'outline') {
        ctx.strokeStyle = style.outlineColour
        ctx.lineWidth = amount * 2
        ctx.strokeText(token.text, x, mid)
      } else {
        const spoken = token.startMs !== undefined && token.endMs !== undefined && timeMs >= token.startMs && timeMs < token.endMs
        ctx.fillStyle = spoken ? highlight : style.colour
        ctx.fillText(token.text, x, mid)
      }
    }
  }
}

/** A renderer for `cues` in `style`; fonts load in prepare(), only the families and characters used. */
export function createStyledRenderer({ cues, style }: { cues: StyledCue[]; style: SubtitleStyle }): SubtitleRenderer {
  const sorted = [...cues].filter((c) => c.endMs > c.startMs).sort((a, b) => a.startMs - b.startMs)
  let size: Size = { width: 0, height: 0 }
  let layouts = new Map<number, PlacedLine[]>()
  let measurer: Ctx | null = null

  const measure = (text: string, line: LineStyle, px: number) => {
    measurer!.font = fontOf(line, px)
    return measurer!.measureText(text).width
  }

  return {
    async prepare(next) {
      size = next
      layouts = new Map()
      const text = sorted.map((c) => `${c.original}${c.translation}`).join('')
      await loadFontsFor([style.main, style.second], text)
      measurer ??= typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(8, 8).getContext('2d') : document.createElement('canvas').getContext('2d')
    },
    draw(ctx, timeMs) {
      const index = cueIndexAt(sorted, timeMs)
      if (index < 0 || !measurer) return null
      let lines = layouts.get(index)
      if (!lines) {
        lines = layoutCue(blocksOf(sorted[index], style), style, size, measure)
        layouts.set(index, lines)
      }
      ctx.save()
      for (const line of lines) drawLine(ctx, line, timeMs, style.highlightColour)
      ctx.restore()
      return linesArea(lines)
    },
    pictureAt(timeMs) {
      // Word highlight changes within a cue; every other look is the same for the whole cue.
      if (style.preset === 'wordHighlight') return null
      const index = cueIndexAt(sorted, timeMs)
      return index < 0 ? 'none' : `cue-${index}`
    },
    dispose() {
      layouts.clear()
      measurer = null
    },
  }
}
