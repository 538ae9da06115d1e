import 'server-only'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TimedWord } from '@/lib/captions'
import { decodeStream, extractChunk, MediaToolError, type DecodeInput, type DecodeProgress } from '@/lib/media'
import { languageFromProvider, providerLanguage } from './languages'
import { LivePlanner, liveTarget } from './live-plan'
import type { SttProvider } from './provider'
import { slots } from './slots'
import { wordsOnTimeline } from './stitch'
import { transcribeWithRetry, type KnownChunk } from './transcribe-recording'

/** A part's chunks are numbered from `part × PART_SPAN`, so a task's chunks sort by time across parts. */
export const PART_SPAN = 10_000

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
  /** Requests to the provider at once. */
  concurrency: number
  retry?: { attempts?: number; delayMs?: number }
  /** The longest sound decoded in all (a 3-hour recording and the codec's padding). */
  capMs: number
  /** The chunks a previous run planned (with their words when transcribed): never sent again once transcribed. */
  known: KnownChunk[]
  /** Stores a chunk the moment it is cut, before anything is sent. */
  onPlanned: (chunk: KnownChunk) => Promise<void>
  /** Asked before a chunk goes to the provider (its price settled): false refuses it. May wait. */
  mayTranscribe: (chunk: KnownChunk) => Promise<boolean>
  onChunkDone: (chunk: KnownChunk, words: TimedWord[], heard: string | null) => Promise<void>
  onLanguage?: (language: string) => Promise<void>
  /** A part's sound is final: how long it decoded to, and how it ended. */
  onPartEnd?: (end: PartEnd) => Promise<void>
  signal?: AbortSignal
}

export type LiveOutcome = { kind: 'unreadable' } | { kind: 'transcribed'; language: string; decodedMs: number; refusedChunks: number }

/** A wait that ends with an AbortError when `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

type Gate = { promise: Promise<string>; open: (language: string) => void }
function gate(): Gate {
  let open!: (language: string) => void
  return { promise: new Promise<string>((resolve) => (open = resolve)), open }
}

/**
 * Turns a recording into timed words while its sound is still arriving (issue 31): each part is
 * decoded in one pass as its bytes come (lib/media decodeStream), cut into chunks at silences as
 * soon as enough is decoded (LivePlanner), and each chunk goes to the provider as soon as it is
 * cut. Rules: every chunk is stored (`onPlanned`) before it is sent and its words handed back
 * (`onChunkDone`) as soon as they arrive, so a stopped run resumes with the chunks still missing
 * and never pays the provider twice for one; nothing is sent before `mayTranscribe` agrees; with
 * `auto`, the first chunk is sent alone and names the language of the others; at most
 * `concurrency` requests at once. A whole file is the same path with one part. The first provider
 * failure that retries cannot mend stops everything (an SttError).
 */
export async function liveTranscribe(job: LiveJob): Promise<LiveOutcome> {
  const stop = new AbortController()
  const signal = job.signal ? AbortSignal.any([job.signal, stop.signal]) : stop.signal
  const dir = await mkdtemp(path.join(tmpdir(), 'live-transcribe-'))
  const send = slots(job.concurrency)
  const languageKnown = gate()
  const knownLanguage = job.known.find((c) => c.language)?.language ?? (job.language === 'auto' ? null : job.language)
  if (knownLanguage) languageKnown.open(knownLanguage)
  let language: string | null = knownLanguage
  let failure: unknown = null
  let refusedChunks = 0
  const work: Promise<void>[] = []

  const fail = (error: unknown) => {
    failure ??= error
    stop.abort()
  }

  // With `auto`, the first chunk to be sent names the language; the others wait for it.
  let hasDetector = language !== null
  const transcribe = async (chunk: KnownChunk, pcm: string, partStartMs: number) => {
    const detects = !hasDetector
    hasDetector = true
    const spoken = detects ? null : await untilAborted(languageKnown.promise, signal)
    if (!(await untilAborted(job.mayTranscribe(chunk), signal))) {
      refusedChunks++
      // Refused, it names no language: the next chunk sent does.
      if (detects) hasDetector = false
      return
    }
    await send(async () => {
      signal.throwIfAborted()
      const file = path.join(dir, `chunk-${chunk.index}.ogg`)
      await extractChunk(pcm, { startMs: chunk.startMs - partStartMs, endMs: chunk.endMs - partStartMs, out: file, signal })
      const answer = await transcribeWithRetry(job.provider, { audio: await readFile(file), fileName: `chunk-${chunk.index}.ogg`, language: providerLanguage(spoken ?? 'auto'), prompt: job.prompt, signal }, job.retry)
      await rm(file, { force: true })
      const heard = languageFromProvider(answer.language)
      await job.onChunkDone(chunk, wordsOnTimeline(answer, chunk), heard)
      if (detects) {
        language = heard ?? 'en'
        await job.onLanguage?.(language)
        languageKnown.open(language)
      }
    })
  }

  const runPart = async (part: LivePart, p: number): Promise<{ decodedMs: number; isReadable: boolean }> => {
    const pcm = path.join(dir, `part-${p}.pcm`)
    const mine = job.known.filter((c) => c.index >= p * PART_SPAN && c.index < (p + 1) * PART_SPAN).sort((a, b) => a.index - b.index)
    const last = mine.at(-1)
    const planner = new LivePlanner(liveTarget, { fromMs: last ? last.endMs - part.startMs : 0, chunks: mine.length })
    // Known chunks still without words wait for their sound to be decoded again.
    let waiting = mine.filter((c) => c.words === null)
    let next = p * PART_SPAN + mine.length
    const limitMs = part.endMs === null ? Infinity : part.endMs - part.startMs
    let chain = Promise.resolve()
    const onProgress = (progress: DecodeProgress, final: boolean) => {
      const decodedMs = Math.min(progress.decodedMs, limitMs)
      chain = chain.then(async () => {
        if (failure) return
        const ready = waiting.filter((c) => final || c.endMs - part.startMs <= decodedMs)
        waiting = waiting.filter((c) => !ready.includes(c))
        for (const plan of planner.next({ decodedMs, silences: progress.silences, final })) {
          const chunk: KnownChunk = { index: next++, startMs: part.startMs + plan.startMs, endMs: part.startMs + plan.endMs, words: null, language: null }
          await job.onPlanned(chunk)
          ready.push(chunk)
        }
        for (const chunk of ready) work.push(transcribe(chunk, pcm, part.startMs).catch(fail))
      }).catch(fail)
    }
    try {
      const decoded = await decodeStream(part.input, { out: pcm, capMs: job.capMs, signal, onProgress: (progress) => onProgress(progress, false) })
      onProgress(decoded, true)
      await chain
      const decodedMs = Math.min(decoded.decodedMs, limitMs)
      await job.onPartEnd?.({ index: p, decodedMs, ended: decoded.tooLong ? 'tooLong' : decoded.ended })
      return { decodedMs, isReadable: decoded.decodedMs > 0 }
    } catch (error) {
      if (error instanceof MediaToolError && !signal.aborted) {
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
    // A recording without a single chunk sent (all refused, or nothing decoded) never heard a language.
    languageKnown.open(language ?? 'en')
    return { kind: 'transcribed', language: language ?? 'en', decodedMs: results.reduce((sum, r) => sum + r.decodedMs, 0), refusedChunks }
  } finally {
    stop.abort()
    await rm(dir, { recursive: true, force: true })
  }
}
