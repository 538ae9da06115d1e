// Where a dragged cue lands. A block dragged by its middle moves whole (its start on a frame, or its
// start on a near cut, or its end 2 frames before one); an edge dragged changes that time alone
// (lib/timing's snapEdge: on a near cut, else on a frame). A cue never crosses the free time around
// it nor shrinks under a frame. Holding Alt places it to the millisecond, unsnapped.
import { framesToMs, snapEdge, snapInToShot, snapOutToShot, snapToFrame } from '@/lib/timing'

export type DragKind = 'move' | 'start' | 'end'

export type Snapping = {
  /** The video's cuts, ascending (ms of each cut's first frame). */
  cuts: readonly number[]
  fps: number
  /** How near a cut an edge must come to land on it. */
  thresholdMs: number
}

export type Dragged = { startMs: number; endMs: number; snappedTo: 'shot' | 'frame' | null }

/** How near (in pixels) a cut pulls an edge; never more than 12 frames, never less than one. */
export const SNAP_PX = 10
const MAX_SNAP_FRAMES = 12

export function snapThresholdMs(msPerPx: number, fps: number): number {
  return Math.min(framesToMs(MAX_SNAP_FRAMES, fps), Math.max(framesToMs(1, fps), SNAP_PX * msPerPx))
}

/**
 * The cue's new times after a drag of `deltaMs` (`kind`: the block, or one edge), within `room`
 * (the free time around it), snapped unless `snapping` is null.
 */
export function dragTimes(
  kind: DragKind,
  cue: { startMs: number; endMs: number },
  deltaMs: number,
  { snapping, room }: { snapping: Snapping | null; room: { fromMs: number; toMs: number } },
): Dragged {
  const duration = cue.endMs - cue.startMs
  const least = snapping ? Math.min(duration, framesToMs(1, snapping.fps)) : Math.min(duration, 1)
  if (kind === 'move') {
    let startMs = cue.startMs + deltaMs
    let snappedTo: Dragged['snappedTo'] = null
    if (snapping) {
      const { cuts, fps, thresholdMs } = snapping
      const onCut = snapInToShot(startMs, cuts, thresholdMs)
      const endOnCut = snapOutToShot(startMs + duration, cuts, thresholdMs, fps)
      const inDistance = onCut === null ? Infinity : Math.abs(onCut - startMs)
      const outDistance = endOnCut === null ? Infinity : Math.abs(endOnCut - (startMs + duration))
      if (inDistance <= outDistance && onCut !== null) [startMs, snappedTo] = [onCut, 'shot']
      else if (endOnCut !== null) [startMs, snappedTo] = [endOnCut - duration, 'shot']
      else [startMs, snappedTo] = [snapToFrame(startMs, fps), 'frame']
    } else startMs = Math.round(startMs)
    const clamped = Math.max(room.fromMs, Math.min(room.toMs - duration, startMs))
    if (clamped !== startMs) {
      // Against a neighbour: as near it as frames allow.
      startMs = snapping ? Math.max(room.fromMs, Math.min(room.toMs - duration, snapToFrame(clamped, snapping.fps))) : Math.round(clamped)
      snappedTo = null
    }
    startMs = Math.max(0, Math.round(startMs))
    return { startMs, endMs: Math.round(startMs + duration), snappedTo }
  }
  const raw = (kind === 'start' ? cue.startMs : cue.endMs) + deltaMs
  const snapped = snapping ? snapEdge(kind, raw, snapping) : { ms: Math.max(0, Math.round(raw)), snappedTo: null }
  const [low, high] = kind === 'start' ? [room.fromMs, cue.endMs - least] : [cue.startMs + least, room.toMs]
  const ms = Math.round(Math.max(low, Math.min(high, snapped.ms)))
  const snappedTo = ms === snapped.ms ? snapped.snappedTo : null
  return kind === 'start' ? { startMs: ms, endMs: cue.endMs, snappedTo } : { startMs: cue.startMs, endMs: ms, snappedTo }
}
