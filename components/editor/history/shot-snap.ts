// "Snap to shot" on the selected rows: lib/timing's snapCuesToShots over the rows' times, as the
// writes of one undoable step. Pure: the operation (use-editor-ops.ts) sends and records them.
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import { framesToMs, snapCuesToShots } from '@/lib/timing'
import { timeToMs } from '../quality/quality'

/** An edge this near a cut moves onto it (or, an out-time, to 2 frames before it): half a second at 24 fps. */
export const SHOT_SNAP_FRAMES = 12

export type ShotSnapInput = {
  /** The video's cuts, ascending. */
  cuts: readonly number[]
  fps: number
  /** The timing profile's least gap between two cues, in frames. */
  minGapFrames: number
}

/** The writes that snap the rows `ids` (all rows when empty) to the cuts; empty when no edge is near one. */
export function shotSnapWrites(segments: readonly TaskSegment[], ids: readonly number[], { cuts, fps, minGapFrames }: ShotSnapInput): SegmentWrite[] {
  const cues = segments.map((s) => ({ id: s.id, startMs: timeToMs(s.startTime), endMs: timeToMs(s.endTime) })).sort((a, b) => a.startMs - b.startMs || a.id - b.id)
  const wanted = new Set(ids)
  const selection = ids.length === 0 ? null : cues.flatMap((cue, i) => (wanted.has(cue.id) ? [i] : []))
  if (selection?.length === 0) return []
  const { cues: snapped, changed } = snapCuesToShots(cues, { cuts, fps, thresholdMs: framesToMs(SHOT_SNAP_FRAMES, fps), minGapMs: framesToMs(minGapFrames, fps), selection })
  return changed.map((i) => ({ id: snapped[i].id, startTime: formatMs(snapped[i].startMs), endTime: formatMs(snapped[i].endMs) }))
}
