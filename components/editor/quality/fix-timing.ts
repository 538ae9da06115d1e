// "Fix timing" and the reading-speed key over the editor's rows: lib/timing's pure fixes, fed the
// rows in order of start and answered as the writes of one undoable step.
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import { fixReadingSpeed, fixTiming, readChars, type TimingProfile, type UnfixedTiming } from '@/lib/timing'
import { visibleLines } from './quality'
import { cueOf } from './timing-flags'

export type UnfixedRow = { id: number; kind: UnfixedTiming['kind']; reason: UnfixedTiming['reason'] }
export type TimingFix = { writes: SegmentWrite[]; unfixed: UnfixedRow[] }

/** The rows in order of start (ties in list order), as lib/timing wants them. */
const byStart = (segments: readonly TaskSegment[]) =>
  segments
    .map((segment, at) => ({ segment, at, cue: cueOf(segment) }))
    .sort((a, b) => a.cue.startMs - b.cue.startMs || a.at - b.at)

/**
 * "Fix timing" (lib/timing `fixTiming`: the minimum gap, chaining, the minimum duration, where the
 * neighbours leave room) over the selected rows, or all of them when `selectedIds` is empty: the
 * writes of the rows it moved, and what it left and why, by row.
 */
export function fixTimingWrites(segments: readonly TaskSegment[], selectedIds: readonly number[], profile: TimingProfile, fps: number): TimingFix {
  const order = byStart(segments)
  const picked = new Set(selectedIds)
  const selection = picked.size === 0 ? null : order.flatMap((row, i) => (picked.has(row.segment.id) ? [i] : []))
  const { cues, changed, unfixed } = fixTiming(order.map((row) => row.cue), profile, fps, selection)
  const writes = changed.map((i) => ({ id: order[i].segment.id, startTime: formatMs(cues[i].startMs), endTime: formatMs(cues[i].endMs) }))
  return { writes, unfixed: unfixed.map((u) => ({ id: order[u.index].segment.id, kind: u.kind, reason: u.reason })) }
}

export type ReadingSpeedOutcome =
  | { status: 'ok' }
  | { status: 'extended'; write: SegmentWrite }
  /** Not enough free time: lengthened as far as it goes (`write`, null when it could not move) and how many characters fit then. */
  | { status: 'condense'; write: SegmentWrite | null; maxChars: number; chars: number }

/**
 * The reading-speed key on row `id` with its text as shown (markup is not read): its out-time into
 * the free time before the next cue, else how far to condense it.
 */
export function readingSpeedFix(segments: readonly TaskSegment[], id: number, shown: string, profile: TimingProfile, fps: number): ReadingSpeedOutcome | null {
  const order = byStart(segments)
  const at = order.findIndex((row) => row.segment.id === id)
  if (at < 0) return null
  const text = visibleLines(shown).filter(Boolean).join('\n')
  const cue = { ...order[at].cue, text }
  const fixed = fixReadingSpeed(cue, order[at + 1]?.cue ?? null, profile, fps)
  if (fixed.status === 'ok') return { status: 'ok' }
  const write = fixed.cue.endMs !== cue.endMs ? { id, startTime: formatMs(cue.startMs), endTime: formatMs(fixed.cue.endMs) } : null
  if (fixed.status === 'extended') return write ? { status: 'extended', write } : { status: 'ok' }
  return { status: 'condense', write, maxChars: fixed.maxChars, chars: readChars(text) }
}
