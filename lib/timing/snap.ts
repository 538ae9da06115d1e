// Where a dragged cue edge lands: on a shot change when one is near (an in-time on the cut's first
// frame, an out-time 2 frames before the cut, as the Netflix timing guidelines ask), else on a frame.

import { frameToMs, snapToFrame } from './frames'

/** Frames an out-time keeps before a cut. */
export const OUT_FRAMES_BEFORE_CUT = 2

/** The cut nearest `ms` within `thresholdMs` of `target(cut)`, or null (`cuts` in ascending order). */
function nearestCut(ms: number, cuts: readonly number[], thresholdMs: number, target: (cut: number) => number): number | null {
  // Binary search for the first cut at or after ms, then look at it and its neighbours.
  let lo = 0
  let hi = cuts.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cuts[mid] < ms) lo = mid + 1
    else hi = mid
  }
  let best: number | null = null
  let bestDistance = Infinity
  for (let i = Math.max(0, lo - 2); i < Math.min(cuts.length, lo + 2); i++) {
    const distance = Math.abs(target(cuts[i]) - ms)
    if (distance <= thresholdMs && distance < bestDistance) {
      best = cuts[i]
      bestDistance = distance
    }
  }
  return best
}

/** An in-time moved onto a cut within `thresholdMs` (the first frame of the new shot), or null when none is near. */
export function snapInToShot(ms: number, cuts: readonly number[], thresholdMs: number): number | null {
  return nearestCut(ms, cuts, thresholdMs, (cut) => cut)
}

/** The out-time that belongs to a cut: `framesBefore` frames before it. */
export const outTimeBefore = (cut: number, fps: number, framesBefore = OUT_FRAMES_BEFORE_CUT): number => frameToMs(Math.round((cut * fps) / 1000) - framesBefore, fps)

/** An out-time moved to 2 frames before a cut when that place is within `thresholdMs`, or null when none is near. */
export function snapOutToShot(ms: number, cuts: readonly number[], thresholdMs: number, fps: number, framesBefore = OUT_FRAMES_BEFORE_CUT): number | null {
  const cut = nearestCut(ms, cuts, thresholdMs, (c) => outTimeBefore(c, fps, framesBefore))
  return cut === null ? null : outTimeBefore(cut, fps, framesBefore)
}

/**
 * Where a dragged edge lands: on a near cut (`start` on it, `end` 2 frames before it), else on the
 * nearest frame. `snappedTo` says which, for the timeline to show.
 */
export function snapEdge(edge: 'start' | 'end', ms: number, { cuts = [], fps, thresholdMs }: { cuts?: readonly number[]; fps: number; thresholdMs: number }): { ms: number; snappedTo: 'shot' | 'frame' } {
  const shot = edge === 'start' ? snapInToShot(ms, cuts, thresholdMs) : snapOutToShot(ms, cuts, thresholdMs, fps)
  return shot === null ? { ms: Math.max(0, snapToFrame(ms, fps)), snappedTo: 'frame' } : { ms: Math.max(0, shot), snappedTo: 'shot' }
}
