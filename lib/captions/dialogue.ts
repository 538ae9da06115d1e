// Speakers in cues: a cue holds one speaker's words, except a dialogue cue, the subtitler's way of
// showing two quick turns at once: two lines, each opened by a dash, one per speaker.
import type { TimedWord } from './build'
import { joinsWithoutSpaces, MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS, visibleLength, type CaptionLimits } from './rules'

type Laid = { startMs: number; endMs: number; lines: string[]; speakers?: string[] }

/** The speaker of a group of words (one, since groups never cross a change), or undefined when unlabelled. */
export function speakersOf(group: readonly TimedWord[]): string[] | undefined {
  const speaker = group.find((w) => w.speaker !== undefined)?.speaker
  return speaker === undefined ? undefined : [speaker]
}

export const sameSpeaker = (a: readonly TimedWord[], b: readonly TimedWord[]) => a[a.length - 1].speaker === b[0].speaker

/** The dash that opens a dialogue line: `- ` where words are spaced, a bare `-` in Chinese, Japanese and Thai. */
export const dialogueDash = (language: string) => (joinsWithoutSpaces(language) ? '-' : '- ')

/** A line opened by a dialogue dash (hyphen, en or em dash). */
export const isDialogueLine = (line: string) => /^\s*[-–—]/.test(line)

/**
 * Lays out groups as cues, joining two quick turns of two speakers into a dialogue cue. Rules: two
 * neighbouring one-line turns of different speakers, the second starting before the first could be
 * shown for the shortest cue (MIN_CUE_MS, then the gap), become one cue of two dash lines, when
 * each line fits with its dash and the whole lasts at most MAX_CUE_MS. A dialogue is never joined
 * to a third turn.
 */
export function dialogueCues(groups: readonly TimedWord[][], language: string, limits: CaptionLimits, lay: (group: TimedWord[]) => Laid): Laid[] {
  const dash = dialogueDash(language)
  const out: Laid[] = []
  for (let i = 0; i < groups.length; i++) {
    const [first, second] = [lay(groups[i]), i + 1 < groups.length ? lay(groups[i + 1]) : null]
    if (second && canJoin(first, second, dash, limits)) {
      out.push({ startMs: first.startMs, endMs: second.endMs, lines: [dash + first.lines[0], dash + second.lines[0]], speakers: [first.speakers![0], second.speakers![0]] })
      i++
    } else out.push(first)
  }
  return out
}

function canJoin(a: Laid, b: Laid, dash: string, limits: CaptionLimits): boolean {
  if (!a.speakers || !b.speakers || a.speakers[0] === b.speakers[0]) return false
  if (a.lines.length !== 1 || b.lines.length !== 1) return false
  // The first turn cannot stay on screen for the shortest cue before the second must start.
  const quick = b.startMs - MIN_GAP_MS - a.startMs < MIN_CUE_MS
  const fitsLines = visibleLength(dash + a.lines[0]) <= limits.maxLineChars && visibleLength(dash + b.lines[0]) <= limits.maxLineChars
  return quick && fitsLines && b.endMs - a.startMs <= MAX_CUE_MS
}

/**
 * Whether a cue's speakers are allowed: none or one, or a dialogue cue of two different speakers
 * written as two lines, each opened by a dash.
 */
export function speakersAllowed(text: string, speakers: readonly string[] | undefined): boolean {
  if (!speakers || speakers.length <= 1) return true
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  return speakers.length === 2 && speakers[0] !== speakers[1] && lines.length === 2 && lines.every(isDialogueLine)
}
