import { punctuateWords, type TimedWord } from '@/lib/captions'
import type { SttAnswer } from './provider'

/**
 * One chunk's words on the recording's timeline: punctuated from the chunk's segments, moved by
 * the chunk's start, and kept inside the chunk (a provider's rounding never pushes a word past it).
 * A provider that answers segments but no words gets one word per segment.
 */
export function wordsOnTimeline(answer: SttAnswer, chunk: { startMs: number; endMs: number }): TimedWord[] {
  const words = answer.words.length > 0 ? punctuateWords(answer.words, answer.segments.map((s) => s.text)) : answer.segments.map((s) => ({ text: s.text.trim(), startMs: s.startMs, endMs: s.endMs }))
  return words
    .filter((w) => w.text.trim() !== '')
    .map((w) => ({
      text: w.text,
      startMs: Math.min(chunk.endMs, chunk.startMs + Math.max(0, w.startMs)),
      endMs: Math.min(chunk.endMs, chunk.startMs + Math.max(0, w.endMs)),
    }))
}
