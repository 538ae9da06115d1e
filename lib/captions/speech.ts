// Cue times checked against where speech really is (spans of speech found in the sound's energy,
// lib/media/speech-levels.ts). Pure, so the transcription job and the editor's "snap to speech"
// run the same code, and the editor can flag a cue that covers no speech as the user edits.
import { captionLimits, MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS, visibleLength } from './rules'

/** A stretch of speech, in ms; lists of them are sorted and do not overlap. */
export type Span = { startMs: number; endMs: number }

/** How far a cue's start or end may move to reach the onset or offset of the speech it covers. */
export const SNAP_WINDOW_MS = 5000

/** Index of the first span that ends after `ms` (binary search). */
function firstEndingAfter(spans: readonly Span[], ms: number): number {
  let [lo, hi] = [0, spans.length]
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid].endMs > ms) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The spans overlapping `[startMs, endMs)`, clipped to it. */
export function speechIn(spans: readonly Span[], startMs: number, endMs: number): Span[] {
  const out: Span[] = []
  for (let i = firstEndingAfter(spans, startMs); i < spans.length && spans[i].startMs < endMs; i++) {
    out.push({ startMs: Math.max(startMs, spans[i].startMs), endMs: Math.min(endMs, spans[i].endMs) })
  }
  return out
}

/** Milliseconds of speech inside `[startMs, endMs)`. */
export function speechMs(spans: readonly Span[], startMs: number, endMs: number): number {
  return speechIn(spans, startMs, endMs).reduce((sum, s) => sum + s.endMs - s.startMs, 0)
}

/** True when a cue holds at least 100 ms of speech (or a fifth of itself, for a very short cue). */
export function coversSpeech(spans: readonly Span[], cue: Span): boolean {
  return speechMs(spans, cue.startMs, cue.endMs) >= Math.min(100, (cue.endMs - cue.startMs) / 5)
}

/** Spans closer than `gapMs` joined into one (a sentence's words into the sentence). */
export function joinSpans(spans: readonly Span[], gapMs: number): Span[] {
  const out: Span[] = []
  for (const s of spans) {
    const last = out[out.length - 1]
    if (last && s.startMs - last.endMs < gapMs) last.endMs = Math.max(last.endMs, s.endMs)
    else out.push({ ...s })
  }
  return out
}

export type TimedCue = { startMs: number; endMs: number; text: string }

/**
 * One cue moved onto the speech it covers, between `lo` and `hi` (the neighbours' times and the
 * gap): its start to the onset of its first span of speech, its end to the offset of its last,
 * each moving at most SNAP_WINDOW_MS. A cue over silence with speech within the window moves onto
 * the nearest span; one with none stays where it is (null). Then it is lengthened, as the cue
 * builder does, until it is long enough to read, into the silence after it.
 */
function snapOne(cue: TimedCue, spans: readonly Span[], lo: number, hi: number, language: string): TimedCue | null {
  let inside = speechIn(spans, Math.max(cue.startMs, lo), Math.min(cue.endMs, hi))
  if (inside.length === 0) {
    const near = speechIn(spans, Math.max(lo, cue.startMs - SNAP_WINDOW_MS), Math.min(hi, cue.endMs + SNAP_WINDOW_MS))
    if (near.length === 0) return null
    const distance = (s: Span) => (s.startMs >= cue.endMs ? s.startMs - cue.endMs : cue.startMs - s.endMs)
    inside = [near.reduce((best, s) => (distance(s) < distance(best) ? s : best))]
  }
  // The whole spans the cue touches (within its neighbours), not their parts inside it.
  const around = speechIn(spans, lo, hi)
  const first = around[firstEndingAfter(around, inside[0].startMs)]
  const last = around[firstEndingAfter(around, inside[inside.length - 1].endMs - 1)]
  const startMs = cue.startMs - first.startMs <= SNAP_WINDOW_MS ? first.startMs : cue.startMs
  let endMs = last.endMs - cue.endMs <= SNAP_WINDOW_MS ? last.endMs : cue.endMs
  const limits = captionLimits(language)
  const wanted = Math.max(MIN_CUE_MS, Math.ceil((visibleLength(cue.text) * 1000) / limits.maxCps))
  endMs = Math.max(endMs, Math.min(startMs + wanted, startMs + MAX_CUE_MS, hi))
  return { ...cue, startMs, endMs: Math.max(endMs, startMs + 1) }
}

/**
 * Cues timed to the speech they cover (snapOne), in order; `only` limits the change to some of
 * them (the editor's selection), the others staying as they are and bounding their neighbours.
 * Never across another cue: each keeps 83 ms from the one before and the one after. Answers the
 * cues and the indexes of those that cover no speech at all (left where they were).
 */
export function snapCuesToSpeech<C extends TimedCue>(cues: readonly C[], spans: readonly Span[], language: string, only?: ReadonlySet<number>): { cues: C[]; silent: number[] } {
  const out = cues.map((c) => ({ ...c }))
  const silent: number[] = []
  out.forEach((cue, i) => {
    if (only && !only.has(i)) return
    const lo = i > 0 ? out[i - 1].endMs + MIN_GAP_MS : 0
    const hi = i + 1 < out.length ? out[i + 1].startMs - MIN_GAP_MS : Infinity
    if (hi <= lo) return
    const snapped = snapOne(cue, spans, lo, hi, language)
    if (!snapped) silent.push(i)
    else Object.assign(cue, { startMs: snapped.startMs, endMs: snapped.endMs })
  })
  return { cues: out, silent }
}
