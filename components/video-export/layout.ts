// Where each subtitle token goes on a frame: pure arithmetic over a text-measuring function, so it
// is tested without a canvas and the preview and the export place text identically.
import type { LineStyle, Position, SubtitleStyle } from '@/lib/video/universal/styles'

/** A word (Latin, Korean) or a character (Chinese, Japanese) with, for word highlight, when it is spoken. */
export type Token = { text: string; startMs?: number; endMs?: number }
export type PlacedToken = Token & { x: number; width: number }
export type PlacedLine = { tokens: PlacedToken[]; y: number; width: number; left: number; style: LineStyle; fontPx: number }
export type Measure = (text: string, style: LineStyle, fontPx: number) => number

/** Title-safe area: 5% inside each edge (EBU R 95), the same fraction on landscape and portrait frames. */
export const SAFE_INSET = 0.05
/** Line height as a multiple of the font size. */
export const LINE_HEIGHT = 1.3
/** Gap between the main and the second language's block, as a fraction of the main size. */
const BLOCK_GAP = 0.25

/** Text size in pixels: a fraction of the shorter side, which is the height of a landscape video. */
export const fontPixels = (style: LineStyle, size: { width: number; height: number }) => Math.max(8, Math.round(style.size * Math.min(size.width, size.height)))

const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/

/** Splits text into tokens: words keep their following space; each CJK character is its own token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const part of text.match(/\S+\s*/g) ?? []) {
    if (!WIDE.test(part)) {
      tokens.push({ text: part })
      continue
    }
    // Hangul keeps its spaces between words; Chinese and Japanese break between any two characters.
    if (/^[\uac00-\ud7af\s\p{P}]+$/u.test(part)) tokens.push({ text: part })
    else for (const ch of part.match(/[\s\S][\p{P}\s]*/gu) ?? []) tokens.push({ text: ch })
  }
  return tokens
}

/**
 * Fills each token's spoken time from the recogniser's words, or spreads the cue's time by length.
 * A word stays lit through the pause after it, until the next one starts (the last until the cue
 * ends), so the highlight never blinks off between words.
 */
export function timeTokens(tokens: Token[], cue: { startMs: number; endMs: number }, words: { startMs: number; endMs: number }[] = []): Token[] {
  if (words.length === tokens.length && words.length > 0) {
    return tokens.map((t, i) => ({ ...t, startMs: words[i].startMs, endMs: Math.max(words[i].endMs, words[i + 1]?.startMs ?? cue.endMs) }))
  }
  const total = tokens.reduce((n, t) => n + t.text.trim().length, 0) || 1
  let at = cue.startMs
  return tokens.map((t) => {
    const span = ((cue.endMs - cue.startMs) * t.text.trim().length) / total
    const timed = { ...t, startMs: Math.round(at), endMs: Math.round(at + span) }
    at += span
    return timed
  })
}

function greedy(tokens: Token[], widthOf: (t: Token) => number, limit: number): Token[][] {
  const lines: Token[][] = [[]]
  let used = 0
  for (const token of tokens) {
    const w = widthOf(token)
    if (lines[lines.length - 1].length > 0 && used + w > limit) {
      lines.push([token])
      used = w
    } else {
      lines[lines.length - 1].push(token)
      used += w
    }
  }
  return lines
}

/** Breaks tokens into lines no wider than `maxWidth`, balanced (two even lines rather than a long one and a widow). */
export function wrap(tokens: Token[], widthOf: (t: Token) => number, maxWidth: number): Token[][] {
  const fitted = greedy(tokens, widthOf, maxWidth)
  if (fitted.length < 2) return fitted
  const total = tokens.reduce((n, t) => n + widthOf(t), 0)
  const balanced = greedy(tokens, widthOf, Math.min(maxWidth, total / fitted.length + Math.max(...tokens.map(widthOf)) / 2))
  return balanced.length === fitted.length ? balanced : fitted
}

/** The y of the block's top for a position, inside the title-safe area and the style's margin. */
function blockTop(position: Position, blockHeight: number, frameHeight: number, margin: number): number {
  const safeTop = frameHeight * SAFE_INSET + margin * frameHeight
  const safeBottom = frameHeight * (1 - SAFE_INSET) - margin * frameHeight
  if (position === 'top') return safeTop
  if (position === 'middle') return (frameHeight - blockHeight) / 2
  return safeBottom - blockHeight
}

/**
 * Lays out a cue: the main text and, in a bilingual style, the second language's smaller block
 * under it, centred, every line inside the title-safe area.
 */
export function layoutCue(blocks: { tokens: Token[]; style: LineStyle }[], style: Pick<SubtitleStyle, 'position' | 'margin'>, size: { width: number; height: number }, measure: Measure): PlacedLine[] {
  const maxWidth = size.width * (1 - 2 * SAFE_INSET)
  const lines: Omit<PlacedLine, 'y'>[] = []
  const gaps: number[] = []
  for (const block of blocks) {
    if (block.tokens.length === 0) continue
    const fontPx = fontPixels(block.style, size)
    const widthOf = (t: Token) => measure(t.text, block.style, fontPx)
    if (lines.length > 0) gaps.push(lines.length)
    for (const tokens of wrap(block.tokens, widthOf, maxWidth)) {
      const trimmed = tokens.map((t, i) => (i === tokens.length - 1 ? { ...t, text: t.text.trimEnd() } : t))
      let x = 0
      const placed = trimmed.map((t) => {
        const width = measure(t.text, block.style, fontPx)
        const p = { ...t, x, width }
        x += width
        return p
      })
      lines.push({ tokens: placed, width: x, left: (size.width - x) / 2, style: block.style, fontPx })
    }
  }
  const heights = lines.map((l) => l.fontPx * LINE_HEIGHT)
  const gapPx = (i: number) => (gaps.includes(i) ? lines[0].fontPx * BLOCK_GAP : 0)
  const blockHeight = heights.reduce((a, b) => a + b, 0) + lines.reduce((n, _, i) => n + gapPx(i), 0)
  let y = blockTop(style.position, blockHeight, size.height, style.margin)
  return lines.map((line, i) => {
    y += gapPx(i)
    const top = y
    y += heights[i]
    return { ...line, y: top }
  })
}
