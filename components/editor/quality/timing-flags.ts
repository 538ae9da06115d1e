// The timing flags of the rows under the task's profile (lib/timing): a cue too short or too long,
// and a gap to the next cue under the profile's minimum (an overlap included). Times change only
// through operations, never by typing, so these follow the rows, not the drafts; the text flags
// (reading speed, line length, lines) are the row's own checks with the profile's numbers.
import type { TaskSegment } from '@/lib/client/tasks'
import { timingFlags, type TimingFlag, type TimingProfile } from '@/lib/timing'
import { timeToMs } from './quality'

export type TimingRowFlag = Extract<TimingFlag, { kind: 'tooShort' | 'tooLong' | 'gapTooSmall' }>

const TIMING_KINDS = new Set<TimingFlag['kind']>(['tooShort', 'tooLong', 'gapTooSmall'])

/** A row's times as lib/timing reads them. */
export const cueOf = (segment: Pick<TaskSegment, 'startTime' | 'endTime'>, text = '') => ({ startMs: timeToMs(segment.startTime), endMs: timeToMs(segment.endTime), text })

/** The rows' timing flags by row id (rows without one are absent), frames counted at `fps`. */
export function timingFlagsByRow(segments: readonly TaskSegment[], profile: TimingProfile, fps: number): ReadonlyMap<number, readonly TimingRowFlag[]> {
  const out = new Map<number, TimingRowFlag[]>()
  for (const flag of timingFlags(segments.map((s) => cueOf(s)), profile, fps)) {
    if (!TIMING_KINDS.has(flag.kind)) continue
    const id = segments[flag.index].id
    const list = out.get(id)
    if (list) list.push(flag as TimingRowFlag)
    else out.set(id, [flag as TimingRowFlag])
  }
  return out
}
