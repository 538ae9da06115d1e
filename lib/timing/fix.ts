// "Fix timing": the minimum gap, chaining and the minimum duration applied where the neighbours
// leave room, to a selection of cues or to all of them. Only the selected cues' times change, each
// changed time lands on a frame, and no pair of cues that did not overlap is made to overlap.

import { ceilToFrame, floorToFrame, framesToMs } from './frames'
import { readChars, type TimedText } from './flags'
import type { TimingProfile } from './profiles'

/**
 * What the fix left as it was, and why: `noRoom` the neighbours leave no room (for the gap: not
 * without making a cue too short or moving one outside the selection); `wouldBeTooLong` chaining
 * would pass the longest duration; `needsSplit` a cue longer than the longest duration (a split is
 * an edit of its text, not of its timing).
 */
export type UnfixedTiming = { index: number; kind: 'gapTooSmall' | 'notChained' | 'tooShort' | 'tooLong'; reason: 'noRoom' | 'wouldBeTooLong' | 'needsSplit' }

export type FixedTiming<T extends TimedText> = { cues: T[]; changed: number[]; unfixed: UnfixedTiming[] }

// Times are whole milliseconds, frames are not: a duration may be half a millisecond off a frame
// count, a gap (two rounded times) a whole one.
const SLACK_MS = 0.5
const GAP_SLACK_MS = 1

/**
 * Fixes the cues (in order of start) under `profile`, frames counted at `fps`; `selection` (cue
 * indexes) limits the change to those cues, none or empty meaning all. In order:
 * 1. each gap under the minimum is opened by pulling the earlier cue's out-time back, or when that
 *    would leave it too short, by pushing the later cue's in-time on;
 * 2. each gap under the chaining threshold is closed to the minimum gap, by the earlier cue's
 *    out-time, else the later cue's in-time;
 * 3. each cue too short is lengthened: its out-time up to the next cue less the gap (chained when
 *    what is left is under the threshold), then its in-time back to the previous cue plus the gap.
 */
export function fixTiming<T extends TimedText>(cues: readonly T[], profile: TimingProfile, fps: number, selection?: Iterable<number> | null): FixedTiming<T> {
  const picked = selection ? new Set(selection) : null
  const all = !picked || picked.size === 0
  const selected = (i: number) => all || picked!.has(i)
  const start = cues.map((c) => c.startMs)
  const end = cues.map((c) => c.endMs)
  const gapMs = framesToMs(profile.minGapFrames, fps)
  const chainMs = framesToMs(profile.chainUnderFrames, fps)
  const minMs = profile.minDurationMs
  const maxMs = profile.maxDurationMs
  const unfixed: UnfixedTiming[] = []
  const n = cues.length
  /** The latest end of the cues before `i` (a long cue may reach past its next one). */
  const latestEndBefore = (i: number) => {
    let latest = -Infinity
    for (let j = 0; j < i; j++) latest = Math.max(latest, end[j])
    return latest
  }
  /** Moves cue `i`'s in-time to `to`, if it stays after every earlier cue's end plus the gap, before the cue after it, and leaves it `least` ms long. */
  const moveStart = (i: number, to: number, least: number, most = maxMs): boolean => {
    if (to < 0 || to < latestEndBefore(i) + gapMs - GAP_SLACK_MS) return false
    if (i + 1 < n && to > start[i + 1]) return false
    const duration = end[i] - to
    if (duration < least - SLACK_MS || duration <= 0 || duration > most + SLACK_MS) return false
    start[i] = to
    return true
  }

  // 1 and 2: each gap, opened to the minimum or chained.
  for (let i = 0; i + 1 < n; i++) {
    if (!selected(i) && !selected(i + 1)) continue
    const gap = start[i + 1] - end[i]
    const target = floorToFrame(start[i + 1] - gapMs, fps)
    if (gap < gapMs - GAP_SLACK_MS) {
      const trimmed = selected(i) && target - start[i] >= minMs - SLACK_MS
      if (trimmed) end[i] = target
      else if (!(selected(i + 1) && moveStart(i + 1, ceilToFrame(end[i] + gapMs, fps), minMs))) {
        // No way that keeps both long enough: the gap wins, as long as the earlier cue keeps some time.
        if (selected(i) && target > start[i]) end[i] = target
        else unfixed.push({ index: i, kind: 'gapTooSmall', reason: 'noRoom' })
      }
    } else if (gap < chainMs - GAP_SLACK_MS && end[i] < target) {
      const earlierTooLong = target - start[i] > maxMs + SLACK_MS
      const laterStart = ceilToFrame(end[i] + gapMs, fps)
      if (selected(i) && !earlierTooLong) end[i] = target
      else if (!(selected(i + 1) && moveStart(i + 1, laterStart, 0))) {
        const laterTooLong = end[i + 1] - laterStart > maxMs + SLACK_MS
        unfixed.push({ index: i, kind: 'notChained', reason: (selected(i) && earlierTooLong) || (selected(i + 1) && laterTooLong) ? 'wouldBeTooLong' : 'noRoom' })
      }
    }
  }

  // 3: each cue too short, lengthened into the time around it.
  for (let i = 0; i < n; i++) {
    if (!selected(i)) continue
    if (end[i] - start[i] > maxMs + SLACK_MS) unfixed.push({ index: i, kind: 'tooLong', reason: 'needsSplit' })
    if (end[i] - start[i] >= minMs - SLACK_MS) continue
    const limit = i + 1 < n ? floorToFrame(start[i + 1] - gapMs, fps) : Infinity
    let to = Math.min(ceilToFrame(start[i] + minMs, fps), limit)
    // What is left before the next cue is under the chaining threshold: close it to the minimum gap.
    if (i + 1 < n && to < limit && start[i + 1] - to < chainMs - GAP_SLACK_MS && limit - start[i] <= maxMs + SLACK_MS) to = limit
    if (to > end[i]) end[i] = to
    if (end[i] - start[i] < minMs - SLACK_MS) {
      const wanted = floorToFrame(end[i] - minMs, fps)
      const earliest = Math.max(0, i > 0 ? ceilToFrame(latestEndBefore(i) + gapMs, fps) : 0)
      const from = Math.max(wanted, earliest)
      if (from < start[i]) moveStart(i, from, 0)
    }
    if (end[i] - start[i] < minMs - SLACK_MS) unfixed.push({ index: i, kind: 'tooShort', reason: 'noRoom' })
  }

  const changed: number[] = []
  const out = cues.map((cue, i) => {
    if (cue.startMs === start[i] && cue.endMs === end[i]) return cue
    changed.push(i)
    return { ...cue, startMs: start[i], endMs: end[i] }
  })
  return { cues: out, changed, unfixed }
}

export type ReadingSpeedFix<T extends TimedText> =
  | { status: 'ok'; cue: T }
  | { status: 'extended'; cue: T }
  /** No room for the time the text needs: the cue lengthened as far as it goes, and how many characters it holds there. */
  | { status: 'condense'; cue: T; maxChars: number }

/**
 * The selected line's reading speed fixed: its out-time moved on until its text reads at the
 * profile's speed, into the free time up to the next cue less the minimum gap (and within the
 * longest duration); where that is not enough, it needs condensing to `maxChars` characters.
 */
export function fixReadingSpeed<T extends TimedText>(cue: T, next: TimedText | null | undefined, profile: TimingProfile, fps: number): ReadingSpeedFix<T> {
  const needMs = (readChars(cue.text) * 1000) / profile.maxCps
  const duration = cue.endMs - cue.startMs
  if (duration >= needMs - SLACK_MS) return { status: 'ok', cue }
  const gapMs = framesToMs(profile.minGapFrames, fps)
  const limit = Math.min(next ? floorToFrame(next.startMs - gapMs, fps) : Infinity, floorToFrame(cue.startMs + profile.maxDurationMs, fps))
  const wanted = ceilToFrame(cue.startMs + needMs, fps)
  let to = Math.min(wanted, limit)
  // Stopping under the chaining threshold short of the next cue: chain them.
  if (next && to === wanted && to < limit && next.startMs - to < framesToMs(profile.chainUnderFrames, fps) - GAP_SLACK_MS) to = limit
  const lengthened = to > cue.endMs ? { ...cue, endMs: to } : cue
  if (to >= wanted) return { status: 'extended', cue: lengthened }
  return { status: 'condense', cue: lengthened, maxChars: Math.floor(((lengthened.endMs - lengthened.startMs) * profile.maxCps) / 1000) }
}
