'use client'

// The browser's half of a transcription: only the sound of a recording travels,
// taken out by workers (extract-worker.ts) while the page stays responsive. A first worker probes
// the file; then the sound is copied when it is already speech-sized, or decoded and encoded as
// mono 16 kHz Opus, in two parts on two workers when the browser has two cores (the second part
// starting at a silence just past the middle). Each part's bytes come out as a stream while the
// workers run, so the upload starts long before the whole file has been read.

import { workerClient, WorkerCallError, type WorkerClient } from '../worker-rpc'
import { planExtraction, type ExtractionPlan } from './extraction-plan'
import type { DamageReport, ExtractionProblem, ExtractProtocol, PartFormat, ProbeInfo, ProblemData } from './extract-protocol'
import { PeaksAssembler } from '@/lib/waveform'

export type { DamageReport, ExtractionProblem, PartFormat } from './extract-protocol'

export class ExtractionError extends Error {
  constructor(
    readonly problem: ExtractionProblem,
    detail?: string,
    readonly damage?: DamageReport,
  ) {
    super(detail ?? problem)
    this.name = 'ExtractionError'
  }
}

/** One part of the recording's sound, [startMs, startMs + its length) of the recording's timeline. */
export type RecordingPart = {
  index: number
  /** Where the part starts in the recording (the second part's moves to a silence; known before its first byte). */
  startMs: Promise<number>
  /** The part's bytes as they are made; it ends when the part is done. */
  stream: ReadableStream<Uint8Array>
  format: Promise<PartFormat>
  /** The part's length as encoded (or copied), once it is done. */
  durationMs: Promise<number>
}

export type Extraction = {
  /** The recording's length as its container says (the server measures the sound itself). */
  durationMs: number
  plan: ExtractionPlan
  parts: RecordingPart[]
  /** Resolves once every part is done (the browser has read the whole file); rejects with an ExtractionError. */
  done: Promise<void>
  /** Bytes the workers have made so far, all parts together. */
  bytes: () => number
  /** The waveform of the sound decoded so far (empty when the sound is copied, not decoded). */
  peaks: PeaksAssembler
}

export type ExtractOptions = {
  /** Fraction done, 0..1, as the sound is taken out. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** Where the worker comes from (a benchmark serves its own bundle). */
  createWorker?: () => Worker
  /** Asked with the probed length before any part is taken out; what it throws ends the extraction (a recording too long). */
  accept?: (durationMs: number) => void
}

const defaultWorker = () => new Worker(new URL('./extract-worker.ts', import.meta.url), { type: 'module' })

type ExtractWorker = WorkerClient<ExtractProtocol>

/** How long the workers step back after a person's input (a click, a key): the handler and what it sets off (a render, its effects) run on a free core. */
const INPUT_HOLD_MS = 300
/** How long they step back for a change of screen (a dialog closing, a toast, a list refreshed). */
const TRANSITION_HOLD_MS = 600

// The workers taking sound out right now, on every extraction of the page.
const extracting = new Set<ExtractWorker>()
const onInput = () => holdExtraction(INPUT_HOLD_MS)
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const

function track(worker: ExtractWorker) {
  if (extracting.size === 0) for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true })
  extracting.add(worker)
}

function untrack(worker: ExtractWorker) {
  if (!extracting.delete(worker) || extracting.size > 0) return
  for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true })
}

/**
 * Asks every running extraction to step back for `ms` while the page does something a person
 * waits for (worker-pace.ts): on input this happens by itself; a screen that changes after an
 * answer from the server (the dialog closing once the task exists) asks for it.
 */
export function holdExtraction(ms = TRANSITION_HOLD_MS): void {
  for (const worker of extracting) worker.note('hold', { ms })
}

/** Whether this browser has what extraction needs (the worker checks that it encodes Opus). */
export function canExtractAudio(): boolean {
  return typeof window !== 'undefined' && typeof Worker !== 'undefined' && typeof AudioEncoder !== 'undefined' && typeof AudioDecoder !== 'undefined'
}

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)))
  // A rejection nobody waits for (the extraction failed before a part started) is not unhandled.
  promise.catch(() => {})
  return { promise, resolve, reject }
}

/** A worker's failure as the problem the creator is told. */
function failure(error: unknown): unknown {
  if (!(error instanceof WorkerCallError)) return error
  const data = error.data as ProblemData | undefined
  return new ExtractionError(data?.problem ?? 'failed', error.message, data?.damage)
}

/**
 * Starts taking the sound of a video or audio file out. Answers once the file is probed (its
 * length known: a fraction of a second), with the parts streaming; rejects with an ExtractionError
 * naming the problem, or an AbortError when `signal` aborts (the workers are stopped).
 */
export async function startExtraction(file: Blob, { onProgress, signal, createWorker = defaultWorker, accept }: ExtractOptions = {}): Promise<Extraction> {
  if (!canExtractAudio()) throw new ExtractionError('unsupportedBrowser')
  signal?.throwIfAborted()
  const start = () => workerClient<ExtractProtocol>(createWorker())
  const workers = [start()]
  const stop = () =>
    workers.forEach((w) => {
      w.terminate()
      untrack(w)
    })
  signal?.addEventListener('abort', stop, { once: true })
  let info: ProbeInfo
  try {
    info = await workers[0].call('probe', { file }).catch((error: unknown) => Promise.reject(failure(error)))
    accept?.(info.durationMs)
    signal?.throwIfAborted()
  } catch (error) {
    stop()
    throw signal?.aborted ? new DOMException('extraction aborted', 'AbortError') : error
  }

  const plan = planExtraction(info, navigator.hardwareConcurrency ?? 1)
  const done = deferred<void>()
  const progress = plan.parts.map(() => 0)
  const starts = plan.parts.map(() => deferred<number>())
  const formats = plan.parts.map(() => deferred<PartFormat>())
  const lengths = plan.parts.map(() => deferred<number>())
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = []
  const streams = plan.parts.map((_, i) => new ReadableStream<Uint8Array>({ start: (controller) => void (controllers[i] = controller) }))
  let bytes = 0
  const peaks = new PeaksAssembler()
  let failed = false
  const fail = (error: unknown) => {
    if (failed) return
    failed = true
    stop()
    for (const c of controllers) c.error(error)
    for (const d of [...starts, ...formats, ...lengths]) d.reject(error)
    done.reject(error)
  }
  signal?.addEventListener('abort', () => fail(new DOMException('extraction aborted', 'AbortError')), { once: true })

  const ends = plan.parts.map((part, i) => {
    const worker = i === 0 ? workers[0] : start()
    if (i > 0) workers.push(worker)
    track(worker)
    const last = i === plan.parts.length - 1
    const job = { file, mode: plan.mode, startMs: part.startMs, nominalEndMs: part.endMs, endMs: last ? info.durationMs : null, findStart: i > 0 }
    const ended = worker.call('part', job, {
      onEvent: (event) => {
        if (event.type === 'start') {
          starts[i].resolve(event.startMs)
          // The first part ends where the second found its silence.
          if (i > 0) workers[i - 1].note('end', { endMs: event.startMs })
        } else if (event.type === 'peaks') {
          peaks.add(event.run)
        } else if (event.type === 'data') {
          bytes += event.bytes.byteLength
          controllers[i].enqueue(event.bytes)
        } else {
          progress[i] = Math.max(0, event.doneMs - part.startMs)
          onProgress?.(Math.min(1, progress.reduce((a, b) => a + b, 0) / Math.max(1, info.durationMs)))
        }
      },
    })
    ended.then(
      ({ format, durationMs }) => {
        formats[i].resolve(format)
        lengths[i].resolve(durationMs)
        controllers[i].close()
      },
      (error: unknown) => fail(failure(error)),
    )
    return ended
  })
  void Promise.all(ends).then(() => {
    stop()
    onProgress?.(1)
    // For the pipeline benchmark: the moment the browser has read the whole file.
    performance.mark('recording:extracted')
    done.resolve()
  }, () => {})
  return {
    durationMs: info.durationMs,
    plan,
    parts: plan.parts.map((_, i) => ({ index: i, startMs: starts[i].promise, stream: streams[i], format: formats[i].promise, durationMs: lengths[i].promise })),
    done: done.promise,
    bytes: () => bytes,
    peaks,
  }
}
