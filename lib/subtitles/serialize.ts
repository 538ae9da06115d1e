// Writing segments back out as SRT or WebVTT.
import { namePrefixed, voiceTagged } from '@/lib/subtitles/speakers'
import { formatMs, parseTime } from '@/lib/subtitles/time'

export type Segment = {
  id: number
  startTime: string
  endTime: string
  originalText: string
  translatedText?: string
  /** The names of who speaks the cue (one, or two for a dash dialogue cue); exports write them when present. */
  speakers?: readonly string[]
}

import type { ExportContent } from '@/lib/subtitles/format'

export type { ExportContent }

export type SerializeOptions = {
  content: ExportContent
  /** Line ending of the output; `\n` unless a consumer needs Windows line endings. */
  eol?: '\n' | '\r\n'
  /** SRT: write "Name: " before each speaker's lines (WebVTT always carries speakers, as voice spans). */
  speakerPrefix?: boolean
}

/** Marks a text (one language of a cue) with its speakers. */
type Mark = (text: string, names: readonly string[]) => string

/**
 * A blank line ends a cue in both formats, so text is normalised to `\n` and its blank lines are
 * dropped; otherwise an edited segment could split into a broken cue on the next parse.
 */
function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')
}

function segmentText(segment: Segment, content: ExportContent, mark?: Mark): string {
  // Each language is marked on its own, so a bilingual cue names its speaker in both.
  const marked = (text: string) => (mark && segment.speakers?.length ? mark(text, segment.speakers) : text)
  const original = marked(cleanText(segment.originalText))
  const translated = segment.translatedText === undefined ? '' : marked(cleanText(segment.translatedText))
  if (content === 'original') return original
  if (content === 'translated') return translated || original
  // Bilingual: original first, then translation, the way learners read a source line and its gloss.
  if (!translated || translated === original) return original
  return original ? original + '\n' + translated : translated
}

function normaliseTime(value: string, separator: ',' | '.'): string {
  const ms = parseTime(value)
  return ms === null ? value.trim() : formatMs(ms, separator)
}

/**
 * Serialises segments as SRT.
 * Rules: cues are numbered 1..n by position (players expect a sequence, edits may leave gaps in
 * ids); times are rewritten as `HH:MM:SS,mmm`; `translated` falls back to the original when there is
 * no translation; `bilingual` writes the original line(s) then the translated line(s), and only the
 * original when the translation is missing or identical; a segment whose text ends up empty is
 * omitted, since a cue without text is not valid SRT; with `speakerPrefix`, "Name: " opens each
 * speaker's lines.
 */
export function toSrt(segments: readonly Segment[], options: SerializeOptions): string {
  const eol = options.eol ?? '\n'
  const blocks: string[] = []
  for (const segment of segments) {
    const text = segmentText(segment, options.content, options.speakerPrefix ? namePrefixed : undefined)
    if (!text) continue
    const start = normaliseTime(segment.startTime, ',')
    const end = normaliseTime(segment.endTime, ',')
    blocks.push(blocks.length + 1 + '\n' + start + ' --> ' + end + '\n' + text + '\n')
  }
  const out = blocks.join('\n')
  return eol === '\n' ? out : out.replace(/\n/g, eol)
}

/**
 * Serialises segments as WebVTT.
 * Rules: same text choice as `toSrt`; starts with the `WEBVTT` header; times use `.` before
 * milliseconds; `-->` inside text is escaped as `--&gt;` because it would end the cue timing; a
 * cue's speakers are voice spans (`<v Ada>`).
 */
export function toVtt(segments: readonly Segment[], options: SerializeOptions): string {
  const eol = options.eol ?? '\n'
  const blocks: string[] = ['WEBVTT\n']
  let index = 0
  for (const segment of segments) {
    const text = segmentText(segment, options.content, voiceTagged).replace(/-->/g, '--&gt;')
    if (!text) continue
    index++
    const start = normaliseTime(segment.startTime, '.')
    const end = normaliseTime(segment.endTime, '.')
    blocks.push(index + '\n' + start + ' --> ' + end + '\n' + text + '\n')
  }
  const out = blocks.join('\n')
  return eol === '\n' ? out : out.replace(/\n/g, eol)
}

/** Converts parsed cues to segments with no translation yet. Rule: ids and times are copied as-is. */
export function cuesToSegments(cues: readonly { id: number; startTime: string; endTime: string; text: string }[]): Segment[] {
  return cues.map((cue) => ({ id: cue.id, startTime: cue.startTime, endTime: cue.endTime, originalText: cue.text }))
}
