// SRT parsing in one pass over the string: no split, no per-line regex, few allocations per cue.
import { SrtError } from '@/lib/subtitles/errors'
import { formatMs, scanState, scanTime } from '@/lib/subtitles/time'

export type Cue = {
  id: number
  startTime: string
  endTime: string
  startMs: number
  endMs: number
  text: string
  /** Who speaks it, as the file names them: a WebVTT voice (`<v Ada>`), an ASS Name field. SRT names nobody. */
  speakers?: string[]
}

const LF = 10
const CR = 13
const SPACE = 32
const TAB = 9
const DASH = 45
const GT = 62
const BOM = 0xfeff

// Result of the last successful `readTimeRange`, kept outside to avoid an object per line.
let rangeStartMs = 0
let rangeEndMs = 0

function skipSpaces(text: string, i: number, end: number): number {
  while (i < end) {
    const code = text.charCodeAt(i)
    if (code !== SPACE && code !== TAB) break
    i++
  }
  return i
}

/** Whitespace-only lines count as blank, as in real files with stray spaces between blocks. */
function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    // Exactly the ASCII whitespace String.prototype.trim removes, so "blank" means trim() === ''.
    if (code === SPACE || (code >= TAB && code <= CR)) continue
    // Rare path: possibly a Unicode space (NBSP, ideographic space...), let trim() decide.
    if (code > 127) return text.slice(i, end).trim() === ''
    return false
  }
  return true
}

function isDigitsLine(text: string, start: number, end: number): boolean {
  const s = skipSpaces(text, start, end)
  let i = s
  while (i < end) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) break
    i++
  }
  return i > s && skipSpaces(text, i, end) === end
}

/** `start --> end [anything]`: what follows the end time (position info such as X1:...) is ignored. */
function readTimeRange(text: string, start: number, end: number): boolean {
  let i = skipSpaces(text, start, end)
  const first = text.charCodeAt(i) - 48
  if (i >= end || first < 0 || first > 9) return false
  const startMs = scanTime(text, i, end)
  if (startMs < 0) return false
  i = skipSpaces(text, scanState.end, end)
  let dashes = 0
  while (i < end && text.charCodeAt(i) === DASH) {
    dashes++
    i++
  }
  if (dashes < 2 || i >= end || text.charCodeAt(i) !== GT) return false
  i = skipSpaces(text, i + 1, end)
  const endMs = scanTime(text, i, end)
  if (endMs < 0) return false
  rangeStartMs = startMs
  rangeEndMs = endMs
  return true
}

const IDLE = 0 // between blocks
const AFTER_INDEX = 1 // saw a first line that is not a time range; the next must be one
const IN_CUE = 2 // saw the time range; collecting text lines
const SKIPPING = 3 // broken block; ignore until a blank line

/** Top-level rather than a closure so the scan loop's state stays in registers, not a context. */
function pushCue(cues: Cue[], startMs: number, endMs: number, body: string): void {
  cues.push({ id: cues.length + 1, startTime: formatMs(startMs), endTime: formatMs(endMs), startMs, endMs, text: body })
}

/**
 * Parses SRT text into cues.
 * Rules (docs/product.md, Uploads, plus what real files do): blocks are separated by blank or whitespace-only
 * lines; a block is index line, time range (`-->`), then one or more text lines, and a block without
 * text or without a time range in its first two lines is skipped. The index may be missing or not a
 * number; ids are renumbered 1..n in output order. CRLF, lone CR, a leading BOM and a missing final
 * newline are accepted; `.` may replace `,` before milliseconds; hours may have 1-3 digits. Text lines
 * are kept untouched (tags such as `<i>` or `{\an8}` included) and joined with `\n`. A time range line
 * met inside a cue's text starts a new cue (files that forgot the blank line); a number line right
 * before it is taken as that cue's index. Cue order and times are kept as in the file.
 */
export function parseSrt(text: string): Cue[] {
  const cues: Cue[] = []
  const len = text.length
  // Without CR a cue's text is one slice of the input; with CR its lines are joined one by one.
  const hasCr = text.indexOf('\r') !== -1
  let pos = len > 0 && text.charCodeAt(0) === BOM ? 1 : 0
  let nextLf = text.indexOf('\n', pos)
  if (nextLf < 0) nextLf = len
  let nextCr = hasCr ? text.indexOf('\r', pos) : len
  if (nextCr < 0) nextCr = len

  let state = IDLE
  let cueStartMs = 0
  let cueEndMs = 0
  let lineCount = 0 // text lines of the current cue
  let textStart = 0 // first text line of the current cue
  let lastStart = 0 // last text line of the current cue
  let lastEnd = 0
  let prevEnd = 0 // end of the text line before the last one
  let joined = '' // with CR: every text line but the last, joined with \n

  // One extra, empty, iteration past the end acts as the blank line that closes the last cue.
  while (pos <= len + 1) {
    const lineStart = pos > len ? len : pos
    const lineEnd = pos > len ? len : nextLf < nextCr ? nextLf : nextCr
    if (lineEnd >= len) pos = pos > len ? len + 2 : len + 1
    else if (text.charCodeAt(lineEnd) === CR && lineEnd + 1 < len && text.charCodeAt(lineEnd + 1) === LF) pos = lineEnd + 2
    else pos = lineEnd + 1
    if (nextLf < pos && nextLf < len) {
      nextLf = text.indexOf('\n', pos)
      if (nextLf < 0) nextLf = len
    }
    if (nextCr < pos && nextCr < len) {
      nextCr = text.indexOf('\r', pos)
      if (nextCr < 0) nextCr = len
    }

    const blank = isBlankLine(text, lineStart, lineEnd)
    if (state === IN_CUE) {
      const isRange = !blank && readTimeRange(text, lineStart, lineEnd)
      if (blank || isRange) {
        // A range here means a missing blank line; a number line just before it is the next index.
        const dropLast = isRange && lineCount > 0 && isDigitsLine(text, lastStart, lastEnd)
        const lines = dropLast ? lineCount - 1 : lineCount
        if (lines > 0) {
          let body: string
          if (!hasCr) body = text.slice(textStart, dropLast ? prevEnd : lastEnd)
          else if (dropLast) body = joined
          else body = lineCount === 1 ? text.slice(lastStart, lastEnd) : joined + '\n' + text.slice(lastStart, lastEnd)
          pushCue(cues, cueStartMs, cueEndMs, body)
        }
        if (blank) {
          state = IDLE
        } else {
          cueStartMs = rangeStartMs
          cueEndMs = rangeEndMs
          lineCount = 0
        }
        continue
      }
      if (lineCount === 0) textStart = lineStart
      else if (hasCr) joined = lineCount === 1 ? text.slice(lastStart, lastEnd) : joined + '\n' + text.slice(lastStart, lastEnd)
      prevEnd = lastEnd
      lastStart = lineStart
      lastEnd = lineEnd
      lineCount++
    } else if (blank) {
      state = IDLE
    } else if (state === IDLE || state === AFTER_INDEX) {
      if (readTimeRange(text, lineStart, lineEnd)) {
        cueStartMs = rangeStartMs
        cueEndMs = rangeEndMs
        lineCount = 0
        state = IN_CUE
      } else {
        state = state === IDLE ? AFTER_INDEX : SKIPPING
      }
    }
  }
  return cues
}

/**
 * Parses like `parseSrt` but refuses unusable input.
 * Rule: empty or whitespace-only text throws `SrtError('empty_file')`; text yielding no cue throws
 * `SrtError('invalid_format')`.
 */
export function parseSrtOrThrow(text: string): Cue[] {
  // trim() also removes a lone BOM, so a file holding only a BOM counts as empty.
  if (isBlankLine(text, 0, text.length)) {
    throw new SrtError('empty_file')
  }
  const cues = parseSrt(text)
  if (cues.length === 0) throw new SrtError('invalid_format')
  return cues
}
