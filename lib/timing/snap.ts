// Where a dragged cue edge lands: on a shot change when one is near (an in-time on the cut's first
// frame, an out-time 2 frames before the cut, as the Netflix timing guidelines ask), else on a frame.

import { frameToMs, snapToFrame } from './frames'
import { firstAtOrAfter } from './sorted'

/** Frames an out-time keeps before a cut. */
export const OUT_FRAMES_BEFORE_CUT = 2

/** The cut nearest `ms` within `thresholdMs` of `target(cut)`, or null (`cuts` in ascending order). */
function nearestCut(ms: number, cuts: readonly number[], thresholdMs: number, target: (cut: number) => number): number | null {
  // The first cut at or after ms, then it and its neighbours.
  const lo = firstAtOrAfter(cuts, ms)
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

/**
 * "Snap to shot" on a selection: each selected cue's in-time onto a cut within `thresholdMs`, its
 * out-time to 2 frames before one, an edge left where it is when moving it would leave the cue
 * without time or nearer its neighbour than the minimum gap. Cues in order of start; none
 * selected means all. Answers the cues and the indexes of those that moved.
 */
export function snapCuesToShots<T extends { startMs: number; endMs: number }>(
  cues: readonly T[],
  { cuts, fps, thresholdMs, minGapMs, selection }: { cuts: readonly number[]; fps: number; thresholdMs: number; minGapMs: number; selection?: Iterable<number> | null },
): { cues: T[]; changed: number[] } {
  const picked = selection ? new Set(selection) : null
  const all = !picked || picked.size === 0
  const out = [...cues]
  const changed: number[] = []
  // Two rounded times: a gap of exactly the minimum may measure 1 ms less.
  const slack = 1
  // The latest end so far: a long cue may reach past the ones after it.
  let latestEnd = -Infinity
  for (let i = 0; i < out.length; latestEnd = Math.max(latestEnd, out[i].endMs), i++) {
    if (!all && !picked!.has(i)) continue
    const cue = out[i]
    const before = latestEnd
    const after = i + 1 < out.length ? out[i + 1].startMs : Infinity
    const inTime = snapInToShot(cue.startMs, cuts, thresholdMs)
    const outTime = snapOutToShot(cue.endMs, cuts, thresholdMs, fps)
    const startMs = inTime !== null && inTime >= before + minGapMs - slack && inTime < cue.endMs ? inTime : cue.startMs
    const endMs = outTime !== null && outTime <= after - minGapMs + slack && outTime > startMs ? outTime : cue.endMs
    if (startMs !== cue.startMs || endMs !== cue.endMs) {
      out[i] = { ...cue, startMs, endMs }
      changed.push(i)
    }
  }
  return { cues: out, changed }
}
