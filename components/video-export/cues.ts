// The editor's segments as the subtitle renderer draws them: times in ms, both texts, and for
// word highlight the recogniser's words inside each cue. The editor's preview and the video
// export draw the same cues.
import { parseTime } from '@/lib/subtitles/time'
import type { StyledCue, TimedWord } from './styled-renderer'

export type CueSource = { startTime: string; endTime: string; original: string; translation: string }

/** Cues sorted by start; each gets the words whose middle lies inside it. */
export function toStyledCues(segments: CueSource[], words: TimedWord[] = []): StyledCue[] {
  const sortedWords = [...words].sort((a, b) => a.startMs - b.startMs)
  return segments
    .map((s) => ({ startMs: parseTime(s.startTime) ?? 0, endMs: parseTime(s.endTime) ?? 0, original: s.original, translation: s.translation }))
    .filter((c) => c.endMs > c.startMs)
    .sort((a, b) => a.startMs - b.startMs)
    .map((cue) => {
      const inside = sortedWords.filter((w) => (w.startMs + w.endMs) / 2 >= cue.startMs && (w.startMs + w.endMs) / 2 < cue.endMs)
      return inside.length > 0 ? { ...cue, words: inside } : cue
    })
}
