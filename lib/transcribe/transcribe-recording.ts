import 'server-only'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildCues, coversSpeech, snapCuesToSpeech, speechMs, type Span, type TimedWord } from '@/lib/captions'
import { decodeForChunks, extractChunk, MediaToolError, speechSpansOfPcm } from '@/lib/media'
import { detectTextLanguage } from '@/lib/languages'
import { formatMs } from '@/lib/subtitles'
import { callProvider, mapWithConcurrency, type RetryPolicy } from '@/lib/provider-calls'
import { languageFromProvider, providerLanguage } from './languages'
import { planChunks, type ChunkPlan } from './plan'
import { SttError, type SttAnswer, type SttProvider, type SttRequest } from './provider'
import { screenChunk, type LeftOutLine } from './screen'
import { knownSpeakers, labelChunk, type HeardSpeaker } from './speakers'

/**
 * A chunk of the recording, with what is already known of it (a resumed run knows some):
 * `speakers` are the voices first heard in it, with their reference clips.
 */
export type KnownChunk = { index: number; startMs: number; endMs: number; words: TimedWord[] | null; language: string | null; speakers?: HeardSpeaker[] | null }

export type RecordingJob = {
  /** The recording, a file on disk (removed once decoded, so the disk holds one copy). */
  file: string
  /** The spoken language, or `auto` to take the one the first chunk is heard in. */
  language: string
  /** Spelling hints for the provider (a glossary's terms). */
  prompt?: string
  provider: SttProvider
  /** Chunks transcribed at once. */
  concurrency: number
  /** Per-request retries (3, 1000 ms apart), as every provider call's (lib/provider-calls). */
  retry?: Partial<RetryPolicy>
  /** The chunks already planned, or, the first time, stores the plan made here and answers its chunks. */
  chunks: (plan: ChunkPlan[]) => Promise<KnownChunk[]>
  /**
   * A chunk's words on the recording's timeline, as soon as they arrive (so a resumed run skips
   * it), the lines of its answer left out as probably not spoken (screen.ts) and the voices first
   * heard in it.
   */
  onChunkDone: (chunk: KnownChunk, done: ChunkDone) => Promise<void>
  /** Where chunks are cut (tests make them short); default CHUNK_TARGET_MS. */
  chunkTargetMs?: number
  /** The spoken language, once the first chunk named it (only when `language` was `auto`). */
  onLanguage?: (language: string) => Promise<void>
  signal?: AbortSignal
}

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
const transcribeChunkAudio = (provider: SttProvider, request: SttRequest, retry?: Partial<RetryPolicy>): Promise<SttAnswer> =>
  callProvider({ limitKey: provider.limitKey, call: () => provider.transcribe(request), failureOf: sttFailure, retry, signal: request.signal })

/**
 * Turns a recording into timed words, chunk by chunk. Rules: the audio is cut at silences into
 * chunks (plan.ts) once, and the caller keeps the plan; each chunk's words are handed back as soon
 * as they arrive, so a run stopped mid-way resumes with the chunks still missing and the provider
 * is never paid twice for one; chunks go `concurrency` at once, after the first when the spoken
 * language is to be detected (its answer names the language the others are sent with). With a
 * provider that labels speakers, chunks go one at a time in order, each sent with the voices heard
 * before (speakers.ts), so a voice keeps one label over the whole recording.
 */
export async function transcribeRecording(job: RecordingJob): Promise<RecordingOutcome> {
  const { signal } = job
  const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'))
  try {
    // Decoded once, the recording's samples are the timeline: the plan, each chunk's audio and so
    // each word's place all count samples, whatever the container's timestamps say.
    const pcm = path.join(dir, 'audio.pcm')
    const decoded = await decodeForChunks(job.file, { out: pcm, signal }).catch((error: unknown) => {
      if (error instanceof MediaToolError && !signal?.aborted) return null
      throw error
    })
    if (!decoded || decoded.durationMs === 0) return { kind: 'unreadable' }
    await rm(job.file, { force: true })

    const chunks = await job.chunks(planChunks(decoded.durationMs, decoded.silences, job.chunkTargetMs))
    // Where people speak, from the samples themselves: what the provider's answer is checked against.
    const speech = await speechSpansOfPcm(pcm, { signal })
    let language = job.language
    const voices = job.provider.labelsSpeakers ? voicesOf(chunks) : null
    const transcribeChunk = async (chunk: KnownChunk) => {
      const file = path.join(dir, `chunk-${chunk.index}.ogg`)
      await extractChunk(pcm, { startMs: chunk.startMs, endMs: chunk.endMs, out: file, signal })
      const speakers = voices ? await knownSpeakers(pcm, voices.known, voices.order, job.provider.maxKnownSpeakers ?? 0) : undefined
      const answer = await transcribeChunkAudio(job.provider, { audio: await readFile(file), fileName: `chunk-${chunk.index}.ogg`, language: providerLanguage(language), prompt: job.prompt, speakers, signal }, job.retry)
      await rm(file, { force: true })
      // Labels first, so the words kept and the lines left out both carry the recording's speakers.
      const labelled = voices ? labelChunk(answer, chunk, voices.known) : { answer, found: [] }
      const heard = heardLanguage(answer)
      const screened = screenChunk(labelled.answer, chunk, speech, heard ?? (language === 'auto' ? 'en' : language))
      const found = voicesOnSpeech(labelled.found, speech, chunk)
      voices?.heard(found, screened.words)
      await job.onChunkDone(chunk, { words: screened.words, heard, leftOut: screened.leftOut, speakers: found })
      return heard
    }

    let pending = chunks.filter((c) => c.words === null)
    if (language === 'auto') {
      // The first chunk names the spoken language; the others are sent with it.
      const heard = chunks.find((c) => c.language)?.language ?? (pending.length > 0 ? await transcribeChunk(pending[0]) : null)
      pending = pending.slice(chunks.some((c) => c.language) ? 0 : 1)
      language = heard ?? 'en'
      await job.onLanguage?.(language)
    }
    await mapWithConcurrency(pending, voices ? 1 : job.concurrency, transcribeChunk)
    return { kind: 'transcribed', language, speech }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The language a chunk was heard in: the provider's word for it, or, when it names none (a diarized answer), its text's. */
function heardLanguage(answer: SttAnswer): string | null {
  const named = languageFromProvider(answer.language)
  if (named || answer.language) return named
  const text = answer.segments.map((s) => s.text).join(' ').trim()
  return text.length >= 10 ? detectTextLanguage(text) : null
}

/**
 * The voices of a recording as its chunks are transcribed in order: those found in the chunks
 * already done (a resumed run), and the order they were last heard in, latest last.
 */
function voicesOf(chunks: readonly KnownChunk[]) {
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
function voicesOnSpeech(found: HeardSpeaker[], speech: readonly Span[], chunk: Span): HeardSpeaker[] {
  if (speechMs(speech, chunk.startMs, chunk.endMs) === 0) return found
  return found.map((voice) => ({ ...voice, clip: voice.clip.filter((part) => coversSpeech(speech, part)) }))
}

/**
 * A recording's words as numbered cues (lib/captions' rules), ready to store as segments, with
 * `speakers` when the words carry them; with the recording's spans of speech, each cue's start
 * and end are moved onto the speech it covers.
 */
export function cuesFromWords(words: TimedWord[], language: string, speech?: readonly Span[]) {
  const built = buildCues(words, language)
  const timed = speech ? snapCuesToSpeech(built, speech, language).cues : built
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
