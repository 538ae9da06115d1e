import 'server-only'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Span } from '@/lib/captions'
import { DecodeBudget, decodeStream, extractChunk, MediaToolError, SpeechTrack, speechOfParts, type DecodeInput, type DecodeProgress } from '@/lib/media'
import { createPool } from '@/lib/pool'
import type { RetryPolicy } from '@/lib/provider-calls'
import { providerLanguage } from './languages'
import { LIVE_SIZING, LivePlanner, type ChunkSizing } from './universal/live-plan'
import type { SttProvider } from './provider'
import { screenChunk } from './screen'
import { inOrder } from './in-order'
import { knownSpeakers, labelChunk } from './speakers'
import { heardLanguage, transcribeChunkAudio, voicesOf, voicesOnSpeech, type ChunkDone, type KnownChunk } from './transcribe-recording'

/** A part's chunks are numbered from `part × PART_SPAN`, so a task's chunks sort by time across parts. */
export const PART_SPAN = 10_000
/** Chunks encoded for the provider at once. */
const ENCODES_AT_ONCE = 2

export type LivePart = {
  /** Where the part starts on the recording's timeline. */
  startMs: number
  /** Where the next part starts (sound past it is an encoder's padding), or null for the last. */
  endMs: number | null
  input: DecodeInput
}

export type PartEnd = { index: number; decodedMs: number; ended: 'complete' | 'stalled' | 'tooLong' }

export type LiveJob = {
  parts: LivePart[]
  /** The spoken language, or `auto` to take the one the first chunk is heard in. */
  language: string
  prompt?: string
  provider: SttProvider
  /** Requests to the provider at once (one, in order, with a provider that labels speakers). */
  concurrency: number
  retry?: Partial<RetryPolicy>
  /** The longest sound decoded in all parts together (a 3-hour recording and the codec's padding). */
  capMs: number
  /** How long chunks are (tests make them short and fixed); default LIVE_SIZING, pulled by the free request slots (live-plan.ts). */
  sizing?: ChunkSizing
  /** The chunks a previous run planned (with their words when transcribed): never sent again once transcribed. */
  known: KnownChunk[]
  /** Stores a chunk the moment it is cut, before anything is sent. */
  onPlanned: (chunk: KnownChunk) => Promise<void>
  /** Asked before a chunk goes to the provider (its price settled): false refuses it. May wait. */
  mayTranscribe: (chunk: KnownChunk) => Promise<boolean>
  /** Called the moment a chunk's request is about to leave (its slot free); what it throws stops the run, nothing sent. */
  onSending?: (chunk: KnownChunk) => Promise<void>
  /** A chunk's words (screened against the speech heard), its language, the lines left out, the voices first heard in it. */
  onChunkDone: (chunk: KnownChunk, done: ChunkDone, speech: Span[]) => Promise<void>
  onLanguage?: (language: string) => Promise<void>
  /** A chunk's sound is encoded for the provider (how long the encoding took; for the logs). */
  onEncoded?: (chunk: KnownChunk, encodeMs: number) => void
  /** A part's sound is final: how long it decoded to, and how it ended. */
  onPartEnd?: (end: PartEnd) => Promise<void>
  signal?: AbortSignal
}

export type LiveOutcome = { kind: 'unreadable' } | { kind: 'transcribed'; language: string; decodedMs: number; refusedChunks: number; speech: Span[] }

/** A wait that ends with an AbortError when `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * Turns a recording into timed words while its sound is still arriving: each part is
 * decoded in one pass as its bytes come (lib/media decodeStream) into one file of samples, each
 * part at its place on the recording's timeline, and cut into chunks at silences as soon as enough
 * is decoded (LivePlanner); each chunk goes to the provider as soon as it is cut, and its answer is
 * screened against the speech heard so far (screen.ts). Rules: every chunk is stored (`onPlanned`)
 * before it is sent and its words handed back (`onChunkDone`) as soon as they arrive, so a stopped
 * run resumes with the chunks still missing and never pays the provider twice for one; nothing is
 * sent before `mayTranscribe` agrees; with `auto`, the first chunk sent goes alone and names the
 * language of the others; at most `concurrency` requests at once; with a provider that labels
 * speakers, one chunk at a time in the recording's order, each sent with the voices heard before.
 * A whole file is the same path with one part. The first provider failure that retries cannot mend
 * stops everything (an SttError).
 */
export async function liveTranscribe(job: LiveJob): Promise<LiveOutcome> {
  const stop = new AbortController()
  const signal = job.signal ? AbortSignal.any([job.signal, stop.signal]) : stop.signal
  const dir = await mkdtemp(path.join(tmpdir(), 'live-transcribe-'))
  // One file of samples for the whole timeline: chunks, voices' clips and speech all read it by time.
  const timeline = path.join(dir, 'timeline.pcm')
  await writeFile(timeline, '')
  const labelsSpeakers = Boolean(job.provider.labelsSpeakers)
  const send = createPool(labelsSpeakers ? 1 : job.concurrency)
  // Chunks are encoded before they wait for a request's slot, so a chunk cut while the slots are
  // busy is ready the moment one frees; two at once, one a core, as a small server has.
  const encode = createPool(ENCODES_AT_ONCE)
  const order = inOrder(PART_SPAN)
  const voices = labelsSpeakers ? voicesOf(job.known) : null
  const sizing = job.sizing ?? LIVE_SIZING
  const requestsAtOnce = labelsSpeakers ? 1 : job.concurrency
  // Chunks cut and not yet answered (waiting for the language, their price, a slot, or in flight):
  // a new chunk is cut only while fewer than a request's slots are taken (live-plan.ts).
  let outstanding = 0
  const free = () => Math.max(0, requestsAtOnce - outstanding)
  // Each part's planner looks again when a slot frees, not only when more sound is decoded.
  const replans: (() => void)[] = []
  const tracks = job.parts.map(() => new SpeechTrack())
  // The parts decode side by side from one allowance: the recording's limit, not a limit a part.
  const budget = new DecodeBudget(job.capMs)
  let language: string | null = job.known.find((c) => c.language)?.language ?? (job.language === 'auto' ? null : job.language)
  let announce: (spoken: string) => void
  const languageKnown = new Promise<string>((resolve) => (announce = resolve))
  if (language) announce!(language)
  let failure: unknown = null
  let refusedChunks = 0
  const work: Promise<void>[] = []
  const fail = (error: unknown) => {
    failure ??= error
    stop.abort()
  }

  // With `auto`, the first chunk to be sent names the language; the others wait for it. Should that
  // chunk be refused (its price unpaid), the others are sent without a language, each heard as it is.
  let hasDetector = language !== null
  const named = async (heard: string | null) => {
    if (language !== null) return
    language = heard ?? 'en'
    announce(language)
    await job.onLanguage?.(language)
  }

  const transcribe = async (chunk: KnownChunk, part: number) => {
    try {
      await transcribeOne(chunk, part)
    } finally {
      outstanding--
      for (const replan of replans) replan()
    }
  }

  const transcribeOne = async (chunk: KnownChunk, part: number) => {
    const detects = !hasDetector
    hasDetector = true
    const spoken = detects ? null : await untilAborted(languageKnown, signal)
    if (!(await untilAborted(job.mayTranscribe(chunk), signal))) {
      refusedChunks++
      if (detects) announce('auto')
      order.done(chunk.index)
      return
    }
    const file = path.join(dir, `chunk-${chunk.index}.flac`)
    await encode.run(async () => {
      signal.throwIfAborted()
      const encoding = Date.now()
      await extractChunk(timeline, { startMs: chunk.startMs, endMs: chunk.endMs, out: file, signal })
      job.onEncoded?.(chunk, Date.now() - encoding)
    })
    if (labelsSpeakers) await untilAborted(order.turn(chunk.index), signal)
    await send.run(async () => {
      signal.throwIfAborted()
      await job.onSending?.(chunk)
      const speakers = voices ? await knownSpeakers(timeline, voices.known, voices.order, job.provider.maxKnownSpeakers ?? 0) : undefined
      const answer = await transcribeChunkAudio(job.provider, { audio: await readFile(file), fileName: `chunk-${chunk.index}.flac`, language: providerLanguage(spoken ?? 'auto'), prompt: job.prompt, speakers, signal }, job.retry)
      await rm(file, { force: true })
      // Labels first, so the words kept and the lines left out both carry the recording's speakers.
      const labelled = voices ? labelChunk(answer, chunk, voices.known) : { answer, found: [] }
      const heard = heardLanguage(answer)
      const speech = tracks[part].spans(job.parts[part].startMs)
      const screened = screenChunk(labelled.answer, chunk, speech, heard ?? spoken ?? language ?? 'en')
      const found = voicesOnSpeech(labelled.found, speech, chunk)
      voices?.heard(found, screened.words)
      await job.onChunkDone(chunk, { words: screened.words, heard, leftOut: screened.leftOut, speakers: found }, speech)
      if (detects || spoken === 'auto') await named(heard)
    })
    order.done(chunk.index)
  }

  const runPart = async (part: LivePart, p: number): Promise<{ decodedMs: number; isReadable: boolean }> => {
    const mine = job.known.filter((c) => c.index >= p * PART_SPAN && c.index < (p + 1) * PART_SPAN).sort((a, b) => a.index - b.index)
    const last = mine.at(-1)
    const planner = new LivePlanner(sizing, { fromMs: last ? last.endMs - part.startMs : 0 })
    for (const c of mine) if (c.words !== null) order.done(c.index)
    // Known chunks still without words wait for their sound to be decoded again.
    let waiting = mine.filter((c) => c.words === null)
    let next = p * PART_SPAN + mine.length
    const limitMs = part.endMs === null ? Infinity : part.endMs - part.startMs
    let chain = Promise.resolve()
    let latest: DecodeProgress | null = null
    let isFinal = false
    const onProgress = (progress: DecodeProgress, final: boolean) => {
      latest = progress
      isFinal ||= final
      const decodedMs = Math.min(progress.decodedMs, limitMs)
      chain = chain.then(async () => {
        if (failure) return
        const ready = waiting.filter((c) => final || c.endMs - part.startMs <= decodedMs)
        waiting = waiting.filter((c) => !ready.includes(c))
        // Counted before any wait, so the other part's planner sees these slots taken.
        const plans = planner.next({ decodedMs, silences: progress.silences, final, free: free() - ready.length })
        outstanding += ready.length + plans.length
        for (const plan of plans) {
          const chunk: KnownChunk = { index: next++, startMs: part.startMs + plan.startMs, endMs: part.startMs + plan.endMs, words: null, language: null }
          order.planned(chunk.index)
          await job.onPlanned(chunk)
          ready.push(chunk)
        }
        for (const chunk of ready) work.push(transcribe(chunk, p).catch(fail))
        if (final) order.partDone(p)
      }).catch(fail)
    }
    replans.push(() => {
      if (latest && !isFinal) onProgress(latest, false)
    })
    try {
      const decoded = await decodeStream(part.input, { out: timeline, atMs: part.startMs, limitMs, budget, signal, onProgress: (progress) => onProgress(progress, false), onSamples: (samples) => tracks[p].push(samples) })
      onProgress(decoded, true)
      await chain
      const decodedMs = Math.min(decoded.decodedMs, limitMs)
      await job.onPartEnd?.({ index: p, decodedMs, ended: decoded.tooLong ? 'tooLong' : decoded.ended })
      return { decodedMs, isReadable: decoded.decodedMs > 0 }
    } catch (error) {
      if (error instanceof MediaToolError && !signal.aborted) {
        order.partDone(p)
        await job.onPartEnd?.({ index: p, decodedMs: 0, ended: 'complete' })
        return { decodedMs: 0, isReadable: false }
      }
      throw error
    }
  }

  try {
    const results = await Promise.all(job.parts.map((part, p) => runPart(part, p).catch((error: unknown) => {
      fail(error)
      return { decodedMs: 0, isReadable: false }
    })))
    // Chunks scheduled late (the last of each part) join the list while earlier ones run.
    for (let settled = 0; settled < work.length; settled = work.length) await Promise.all(work.slice(settled))
    if (failure) throw failure
    if (!results.some((r) => r.isReadable)) return { kind: 'unreadable' }
    const speech = speechOfParts(job.parts.map((part, p) => ({ startMs: part.startMs, frames: tracks[p].frames() })))
    return { kind: 'transcribed', language: language ?? 'en', decodedMs: results.reduce((sum, r) => sum + r.decodedMs, 0), refusedChunks, speech }
  } finally {
    stop.abort()
    await rm(dir, { recursive: true, force: true })
  }
}
