// Points and time estimates shown in the upload dialog and charged on creation. The rule and its
// reason are written up in docs/billing.md.

/** 10 points per started minute of subtitle time (docs/billing.md). */
export const POINTS_PER_MINUTE = 10
/** Uploads are at most 5 MB (5,242,880 bytes). */
export const MAX_UPLOAD_BYTES = 5_242_880
/** Longest text of one cue (or one segment edit); longer text is no subtitle anyone reads. */
export const MAX_CUE_CHARS = 2_000

/**
 * Normal subtitle reading speeds, in characters per second: 17 for alphabetic scripts (spaces
 * count), 9 for Chinese, Japanese and Korean, whose characters each carry a syllable or a word.
 */
export const READING_CPS = 17
export const READING_CPS_CJK = 9

const MS_PER_MINUTE = 60_000

export type PricedBy = 'duration' | 'reading'

export type Cost = {
  /** Latest cue end, in ms. */
  durationMs: number
  /** Time a viewer needs to read every cue's text at a normal subtitle speed, in ms. */
  readingMs: number
  /** Which of the two set the price (the longer one; `duration` on a tie). */
  pricedBy: PricedBy
  cost: number
}

/** Han (with extensions), kana, hangul, CJK punctuation and fullwidth forms. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) || // radicals, CJK punctuation, kana, CJK ext. A, unified Han
    (code >= 0xac00 && code <= 0xd7af) || // hangul syllables
    (code >= 0x1100 && code <= 0x11ff) || // hangul jamo
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xff00 && code <= 0xffef) || // fullwidth and halfwidth forms
    (code >= 0x20000 && code <= 0x3ffff) // supplementary ideographic planes
  )
}

const LT = 0x3c
const GT = 0x3e
const BRACE = 0x7b
const BACKSLASH = 0x5c

const isAsciiLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
const isDigit = (code: number) => code >= 0x30 && code <= 0x39

/**
 * Where the markup starting at `i` ends (the index after it), or -1 when `i` starts visible text.
 * Markup: an HTML or WebVTT tag (`<i>`, `</font>`, `<font color="…">`, `<v Mina>`, `<00:01.000>`),
 * an ASS override block (`{\an8}`), and the ASS escapes `\N`, `\n` (line breaks). A `<` not
 * followed by a tag name ("a < b") is text.
 */
function markupEnd(text: string, i: number): number {
  const code = text.charCodeAt(i)
  if (code === LT) {
    const next = text.charCodeAt(i + 1)
    const name = next === 0x2f ? text.charCodeAt(i + 2) : next
    if (!isAsciiLetter(name) && !isDigit(name)) return -1
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j)
      if (c === GT) return j + 1
      if (c === LT || c === 10) return -1
    }
    return -1
  }
  if (code === BRACE && text.charCodeAt(i + 1) === BACKSLASH) {
    const end = text.indexOf('}', i + 2)
    return end === -1 ? -1 : end + 1
  }
  if (code === BACKSLASH) {
    const next = text.charCodeAt(i + 1)
    if (next === 0x4e || next === 0x6e) return i + 2 // \N, \n
  }
  return -1
}

/**
 * Reading time of a text in ms: the code points a viewer sees, CJK ones read at the slower speed.
 * Left out: line breaks, HTML and WebVTT tags, ASS override blocks and line-break escapes.
 */
export function readingMs(text: string): number {
  let other = 0
  let cjk = 0
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!
    if (code === LT || code === BRACE || code === BACKSLASH) {
      const end = markupEnd(text, i)
      if (end !== -1) {
        i = end
        continue
      }
    }
    i += code > 0xffff ? 2 : 1
    if (code === 10 || code === 13) continue
    if (isCjk(code)) cjk++
    else other++
  }
  return (other * 1000) / READING_CPS + (cjk * 1000) / READING_CPS_CJK
}

/**
 * Points for a file: 10 per started minute of the later of its duration (latest cue end) and its
 * reading time, i.e. `ceil(max(durationMs, readingMs) / 60000) * 10`. Real subtitles are read
 * within their duration and cost 10 points per started minute of it; a file squeezing more text into its
 * time than anyone could read is billed for the reading time. A file with cues costs at least
 * one minute; no cues costs 0.
 */
export function priceCues(cues: readonly { endMs: number; text?: string }[]): Cost {
  let durationMs = 0
  let reading = 0
  for (const cue of cues) {
    if (Number.isFinite(cue.endMs) && cue.endMs > durationMs) durationMs = cue.endMs
    if (cue.text) reading += readingMs(cue.text)
  }
  const readingWhole = Math.ceil(reading)
  const pricedBy: PricedBy = readingWhole > durationMs ? 'reading' : 'duration'
  const billedMs = Math.max(durationMs, readingWhole)
  const minutes = cues.length === 0 ? 0 : Math.max(1, Math.ceil(billedMs / MS_PER_MINUTE))
  return { durationMs, readingMs: readingWhole, pricedBy, cost: minutes * POINTS_PER_MINUTE }
}

/** The cost alone (see `priceCues`). */
export function computeCost(cues: readonly { endMs: number; text?: string }[]): number {
  return priceCues(cues).cost
}

export type TranslationEstimateOptions = {
  /** Segments per request (default 10). */
  batchSize?: number
  /** Requests in flight at once. */
  concurrency?: number
  /** Typical round trip of one batch to the provider. */
  msPerBatch?: number
  /** Queueing and job start-up before the first batch. */
  overheadMs?: number
}

/**
 * Rough translation time for the upload dialog, shown as seconds.
 * Rule: `overhead + ceil(batches / concurrency) * msPerBatch` with batches of 10, 4 in flight,
 * 3 s per batch and 2 s of overhead; 0 segments gives 0. This is an order-of-magnitude guide, not a
 * promise: it ignores retries and provider slowdowns, and callers may pass measured figures.
 */
export function estimateTranslationMs(segmentCount: number, options: TranslationEstimateOptions = {}): number {
  const { batchSize = 10, concurrency = 4, msPerBatch = 3000, overheadMs = 2000 } = options
  if (!Number.isFinite(segmentCount) || segmentCount <= 0) return 0
  const batches = Math.ceil(segmentCount / Math.max(1, batchSize))
  const rounds = Math.ceil(batches / Math.max(1, concurrency))
  return overheadMs + rounds * msPerBatch
}
