// Which cue is on screen at a moment of the video, for the preview pane.
import type { TaskSegment } from '@/lib/client/tasks'
import { timeToMs } from '../quality/quality'

export type Timeline = { starts: number[]; ends: number[]; ids: number[] }

/** Cues sorted by start time (a file's order is usually, but not always, its time order). */
export function buildTimeline(segments: readonly TaskSegment[]): Timeline {
  const cues = segments.map((s) => ({ id: s.id, start: timeToMs(s.startTime), end: timeToMs(s.endTime) })).sort((a, b) => a.start - b.start || a.id - b.id)
  return { starts: cues.map((c) => c.start), ends: cues.map((c) => c.end), ids: cues.map((c) => c.id) }
}

/** The id of the cue shown at `ms` (the latest-starting one when cues overlap), or null. */
export function cueAt(timeline: Timeline, ms: number): number | null {
  let low = 0
  let high = timeline.starts.length - 1
  let last = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if (timeline.starts[mid] <= ms) {
      last = mid
      low = mid + 1
    } else high = mid - 1
  }
  // a few earlier cues may still be running when cues overlap
  for (let i = last; i >= 0 && i > last - 8; i--) {
    if (timeline.ends[i] > ms) return timeline.ids[i]
  }
  return null
}
