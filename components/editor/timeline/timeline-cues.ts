// The cues as the timeline draws them: in order of start, in milliseconds, each with the text a row
// shows, its speaker and whether its row is flagged, and the half of the cue band it takes when it
// overlaps another cue. Rebuilt when the rows or their drafts change (2,000 cues: well under a
// millisecond), never per frame; the frames only look up what is in view.
import type { TaskSegment } from '@/lib/client/tasks'
import { firstIndexWhere } from '@/lib/timing'
import { shownText, type Edits, type RowEdit } from '../drafts'
import { timeToMs } from '../quality/quality'

/** Where a block sits in the cue band: all of it, or the upper or lower half beside an overlapping cue. */
export type Band = 'full' | 'top' | 'bottom'

export type TimelineCue = { id: number; startMs: number; endMs: number; text: string; speaker: string | null; isFlagged: boolean; band: Band }

export type CueIndex = {
  /** In order of start (then id). */
  cues: TimelineCue[]
  /** The longest cue: a cue starting this long before the view may still reach into it. */
  longestMs: number
  /** Position in `cues` by id. */
  at: ReadonlyMap<number, number>
}

/** The first line of what a row shows: its translation (a transcript's text), else its original. */
function blockText(segment: TaskSegment, edits: Edits): string {
  const text = shownText(segment, edits[segment.id], 'translatedText') || shownText(segment, edits[segment.id], 'originalText')
  return text.replace(/<[^>]*>|\{\\[^}]*\}/g, '').replace(/\s*\n\s*/g, ' / ')
}

// A row's times and text as read for its block, kept per segment object and draft: a drop or a
// keystroke rebuilds the index reading one row again, not every row's times and text.
type Read = { edit: RowEdit | undefined; startMs: number; endMs: number; text: string }
const reads = new WeakMap<TaskSegment, Read>()

function readCue(segment: TaskSegment, edits: Edits): Read {
  const edit = edits[segment.id]
  let read = reads.get(segment)
  if (!read || read.edit !== edit) {
    read = { edit, startMs: timeToMs(segment.startTime), endMs: timeToMs(segment.endTime), text: blockText(segment, edits) }
    reads.set(segment, read)
  }
  return read
}

export function buildCueIndex(segments: readonly TaskSegment[], edits: Edits, flagged: ReadonlySet<number>, moved?: ReadonlyMap<number, { startMs: number; endMs: number }>): CueIndex {
  const cues: TimelineCue[] = segments.map((s) => {
    const times = moved?.get(s.id)
    const read = readCue(s, edits)
    return {
      id: s.id,
      startMs: times?.startMs ?? read.startMs,
      endMs: times?.endMs ?? read.endMs,
      text: read.text,
      speaker: s.speakers?.[0] ?? null,
      isFlagged: flagged.has(s.id),
      band: 'full',
    }
  })
  cues.sort((a, b) => a.startMs - b.startMs || a.id - b.id)
  let longestMs = 0
  // The latest end so far and whose it is: a cue starting before it overlaps that one.
  let reach = -Infinity
  let reacher = -1
  cues.forEach((cue, i) => {
    longestMs = Math.max(longestMs, cue.endMs - cue.startMs)
    if (cue.startMs < reach && reacher >= 0) {
      if (cues[reacher].band === 'full') cues[reacher].band = 'top'
      cue.band = cues[reacher].band === 'top' ? 'bottom' : 'top'
    }
    if (cue.endMs > reach) {
      reach = cue.endMs
      reacher = i
    }
  })
  return { cues, longestMs, at: new Map(cues.map((c, i) => [c.id, i])) }
}

/** The cues that may be in view between `fromMs` and `toMs`: indexes [first, end) of `cues`. */
export function cuesInView(index: CueIndex, fromMs: number, toMs: number): [number, number] {
  const { cues } = index
  const lowerBound = (ms: number) => firstIndexWhere(cues.length, (i) => cues[i].startMs >= ms)
  return [lowerBound(fromMs - index.longestMs), lowerBound(toMs + 1)]
}

/** The free time around a cue: from the end of the cue before it to the start of the one after (when they do not already overlap it). */
export function roomAround(index: CueIndex, id: number): { fromMs: number; toMs: number } {
  const i = index.at.get(id)
  if (i === undefined) return { fromMs: 0, toMs: Infinity }
  const cue = index.cues[i]
  let fromMs = 0
  for (let j = i - 1; j >= 0 && j >= i - 8; j--) {
    const end = index.cues[j].endMs
    if (end <= cue.startMs) fromMs = Math.max(fromMs, end)
  }
  const next = index.cues[i + 1]
  const toMs = next && next.startMs >= cue.endMs ? next.startMs : Infinity
  return { fromMs, toMs }
}
