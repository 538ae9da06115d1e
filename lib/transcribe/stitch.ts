import { punctuateWords, type TimedWord } from '@/lib/captions'
import type { SttAnswer, SttSegment } from './provider'

/**
 * One chunk's words on the recording's timeline: punctuated from the chunk's segments, moved by
 * the chunk's start, and kept inside the chunk (a provider's rounding never pushes a word past it).
 * A provider that answers segments but no words gets one word per segment. Speaker labels go from
 * the segments onto their words.
 */
export function wordsOnTimeline(answer: SttAnswer, chunk: { startMs: number; endMs: number }): TimedWord[] {
  const words = answer.words.length > 0 ? punctuateWords(answer.words, answer.segments.map((s) => s.text)) : answer.segments.map((s) => ({ text: s.text.trim(), startMs: s.startMs, endMs: s.endMs }))
  return withSpeakers(words, answer.segments)
    .filter((w) => w.text.trim() !== '')
    .map((w) => ({
      ...w,
      startMs: Math.min(chunk.endMs, chunk.startMs + Math.max(0, w.startMs)),
      endMs: Math.min(chunk.endMs, chunk.startMs + Math.max(0, w.endMs)),
    }))
}

/** Each word takes the speaker of the labelled segment its middle falls in (or the nearest one). */
function withSpeakers(words: TimedWord[], segments: readonly SttSegment[]): TimedWord[] {
  const labelled = segments.filter((s) => s.speaker !== undefined)
  if (labelled.length === 0) return words
  const distance = (s: SttSegment, at: number) => (at < s.startMs ? s.startMs - at : at > s.endMs ? at - s.endMs : 0)
  return words.map((word) => {
    const middle = (word.startMs + word.endMs) / 2
    const nearest = labelled.reduce((best, s) => (distance(s, middle) < distance(best, middle) ? s : best))
    return { ...word, speaker: nearest.speaker }
  })
}
