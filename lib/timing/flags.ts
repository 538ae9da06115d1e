// The quality flags of a list of cues under a timing profile, each with its numbers: what the cue
// has and what the profile allows. Plain rules, checked cue by cue against the next one.

import { visibleLength } from '@/lib/captions/rules'
import { framesToMs } from './frames'
import type { TimingProfile } from './profiles'

export type TimedText = { startMs: number; endMs: number; text: string }

/**
 * One broken rule of one cue. Units by kind: durations in ms (`tooShort`, `tooLong`), the gap to
 * the next cue in ms with its frames beside it (`gapTooSmall`: negative when they overlap), line
 * length in characters (`lineTooLong`, `line` its 0-based line), lines (`tooManyLines`), characters
 * a second to one decimal (`readingSpeed`).
 */
export type TimingFlag =
  | { index: number; kind: 'tooShort' | 'tooLong'; value: number; limit: number }
  | { index: number; kind: 'gapTooSmall'; value: number; limit: number; frames: number; limitFrames: number }
  | { index: number; kind: 'lineTooLong'; value: number; limit: number; line: number }
  | { index: number; kind: 'tooManyLines' | 'readingSpeed'; value: number; limit: number }

export type TimingFlagKind = TimingFlag['kind']

/** A cue's lines as a viewer sees them. */
export const linesOf = (text: string): string[] => text.split(/\r?\n/)

/** Characters a viewer reads in a cue: all its lines', spaces included, line breaks not. */
export const readChars = (text: string): number => linesOf(text).reduce((sum, line) => sum + visibleLength(line), 0)

/** Characters a second over a cue's duration (Infinity for a cue without duration). */
export function readingSpeed(cue: TimedText): number {
  const duration = cue.endMs - cue.startMs
  return duration > 0 ? (readChars(cue.text) * 1000) / duration : Infinity
}

/** Times are whole milliseconds and frames are not: a gap, two times rounded, may be 1 ms short of its frames. */
const GAP_SLACK_MS = 1

/** Every rule of `profile` the cues (in order of start) break, cue by cue; frames counted at `fps`. */
export function timingFlags(cues: readonly TimedText[], profile: TimingProfile, fps: number): TimingFlag[] {
  const out: TimingFlag[] = []
  const minGapMs = framesToMs(profile.minGapFrames, fps)
  cues.forEach((cue, index) => {
    const lines = linesOf(cue.text)
    if (lines.length > profile.maxLines) out.push({ index, kind: 'tooManyLines', value: lines.length, limit: profile.maxLines })
    lines.forEach((line, at) => {
      const chars = visibleLength(line)
      if (chars > profile.maxLineChars) out.push({ index, kind: 'lineTooLong', value: chars, limit: profile.maxLineChars, line: at })
    })
    const duration = cue.endMs - cue.startMs
    if (duration < profile.minDurationMs) out.push({ index, kind: 'tooShort', value: duration, limit: profile.minDurationMs })
    if (duration > profile.maxDurationMs) out.push({ index, kind: 'tooLong', value: duration, limit: profile.maxDurationMs })
    const cps = readingSpeed(cue)
    if (duration > 0 && cps > profile.maxCps + 1e-9) out.push({ index, kind: 'readingSpeed', value: Math.round(cps * 10) / 10, limit: profile.maxCps })
    const next = cues[index + 1]
    if (next) {
      const gap = next.startMs - cue.endMs
      if (gap < minGapMs - GAP_SLACK_MS) out.push({ index, kind: 'gapTooSmall', value: gap, limit: Math.round(minGapMs), frames: Math.round((gap * fps) / 100) / 10, limitFrames: profile.minGapFrames })
    }
  })
  return out
}
