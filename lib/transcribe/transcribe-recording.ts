import 'server-only'
import { buildCues, coversSpeech, MIN_GAP_MS, snapCuesToSpeech, speechMs, type Span, type TimedWord } from '@/lib/captions'
import { detectTextLanguage } from '@/lib/languages'
import { formatMs } from '@/lib/subtitles'
import { callProvider, type RetryPolicy } from '@/lib/provider-calls'
import { languageFromProvider } from './languages'
import { SttError, type SttAnswer, type SttProvider, type SttRequest } from './provider'
import type { LeftOutLine } from './screen'
import type { HeardSpeaker } from './speakers'

/**
 * A chunk of the recording, with what is already known of it (a resumed run knows some):
 * `speakers` are the voices first heard in it, with their reference clips.
 */
export type KnownChunk = { index: number; startMs: number; endMs: number; words: TimedWord[] | null; language: string | null; speakers?: HeardSpeaker[] | null }

/** What one chunk gave: its words, the language it was heard in, the lines left out, the voices first heard in it. */
export type ChunkDone = { words: TimedWord[]; heard: string | null; leftOut: LeftOutLine[]; speakers: HeardSpeaker[] }

/**
 * `unreadable`: the recording has no sound that decodes; otherwise the spoken language and where
 * the sound holds speech (its energy, lib/media/speech-levels.ts). SttError when a provider keeps failing.
 */
export type RecordingOutcome = { kind: 'unreadable' } | { kind: 'transcribed'; language: string; speech: Span[] }

/** A speech-to-text failure as lib/provider-calls reads it (null: not the provider's). */
const sttFailure = (error: unknown) => (error instanceof SttError ? error : null)

/** One chunk's request, retried and paused as any provider call. */
export const transcribeChunkAudio = (provider: SttProvider, request: SttRequest, retry?: Partial<RetryPolicy>): Promise<SttAnswer> =>
  callProvider({ limitKey: provider.limitKey, call: () => provider.transcribe(request), failureOf: sttFailure, retry, signal: request.signal })

/** The language a chunk was heard in: the provider's word for it, or, when it names none (a diarized answer), its text's. */
export function heardLanguage(answer: SttAnswer): string | null {
  const named = languageFromProvider(answer.language)
  if (named || answer.language) return named
  const text = answer.segments.map((s) => s.text).join(' ').trim()
  return text.length >= 10 ? detectTextLanguage(text) : null
}

/**
 * The voices of a recording as its chunks are transcribed in order: those found in the chunks
 * already done (a resumed run), and the order they were last heard in, latest last.
 */
export function voicesOf(chunks: readonly KnownChunk[]) {
  const known: HeardSpeaker[] = chunks.filter((c) => c.words !== null).flatMap((c) => c.speakers ?? [])
  const order: string[] = chunks.flatMap((c) => (c.words ?? []).flatMap((w) => (w.speaker ? [w.speaker] : [])))
  return {
    known,
    order,
    heard(found: HeardSpeaker[], words: TimedWord[]) {
      known.push(...found)
      order.push(...words.flatMap((w) => (w.speaker ? [w.speaker] : [])))
    },
  }
}

/**
 * A new voice's reference clip keeps only the parts where speech is heard: a line invented over
 * silence is no voice to compare with. A chunk too quiet to judge by keeps every part.
 */
export function voicesOnSpeech(found: HeardSpeaker[], speech: readonly Span[], chunk: Span): HeardSpeaker[] {
  if (speechMs(speech, chunk.startMs, chunk.endMs) === 0) return found
  return found.map((voice) => ({ ...voice, clip: voice.clip.filter((part) => coversSpeech(speech, part)) }))
}

/**
 * A recording's words as numbered cues (lib/captions' rules), ready to store as segments, with
 * `speakers` when the words carry them; with the recording's spans of speech, each cue's start
 * and end are moved onto the speech it covers, but a cue never ends before its last word does: a
 * soft last word ("for you") can fall under the loudness that finds speech, and ending early cuts
 * it off, where the trade accepts ending a little after.
 */
export function cuesFromWords(words: TimedWord[], language: string, speech?: readonly Span[]) {
  const built = buildCues(words, language)
  const timed = speech ? notBeforeWords(snapCuesToSpeech(built, speech, language).cues, built) : built
  return timed.map((cue, i) => ({
    id: i + 1,
    startMs: cue.startMs,
    endMs: cue.endMs,
    startTime: formatMs(cue.startMs),
    endTime: formatMs(cue.endMs),
    text: cue.text,
    ...(cue.speakers ? { speakers: cue.speakers } : {}),
  }))
}

/** Snapped cues ending no earlier than the cues built from the words (each ends at its last word or later), within the gap to the next. */
function notBeforeWords<C extends { startMs: number; endMs: number }>(snapped: C[], built: readonly { endMs: number }[]): C[] {
  return snapped.map((cue, i) => {
    const room = i + 1 < snapped.length ? snapped[i + 1].startMs - MIN_GAP_MS : Infinity
    return { ...cue, endMs: Math.max(cue.endMs, Math.min(built[i].endMs, room)) }
  })
}
