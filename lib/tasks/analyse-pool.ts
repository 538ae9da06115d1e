import 'server-only'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { AppError, type AppErrorCode, type ErrorKey } from '@/lib/errors'
import { log } from '@/lib/log'
import type { MatchableEntry } from '@/lib/glossary/suggest'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { analyseSubtitle, type AnalysedSubtitle } from './upload'
import { summariseUpload, type UploadSummary } from './upload-summary'

/** Files up to this size are analysed inline: a worker round trip costs more than they do. */
export const INLINE_MAX_BYTES = 256 * 1024
// Loaded at run time from the project's files, never bundled (the worker compiles its own sources).
const WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), 'lib/tasks/analyse-worker.mjs')

type Result = AnalysedSubtitle | UploadSummary
type Reply = { id: number; result?: Result; error?: { code?: AppErrorCode; messageKey?: ErrorKey; values?: Record<string, string | number>; message?: string } }
type Job = { id: number; bytes: Uint8Array; format: SubtitleFormat; entries?: readonly MatchableEntry[]; resolve: (value: Result) => void; reject: (error: unknown) => void }
type Slot = { worker: Worker; job: Job | null; isReady: boolean }

const WorkerLost = Symbol('worker lost')

/**
 * A small pool of worker threads that analyse large uploads, so a burst of 5 MB files never holds
 * the event loop that answers everyone else. One worker per spare core (at least one); jobs wait
 * in a queue; a worker that dies is replaced and its job is analysed inline instead.
 */
class AnalysePool {
  private slots: Slot[] = []
  private queue: Job[] = []
  private nextId = 1
  constructor(private readonly size: number) {}

  run(bytes: Uint8Array, format: SubtitleFormat, entries?: readonly MatchableEntry[]): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, format, entries, resolve, reject })
      this.pump()
    })
  }

  private pump() {
    while (this.slots.length < this.size && this.queue.length > 0 && this.slots.every((s) => s.job !== null || !s.isReady)) this.spawn()
    for (const slot of this.slots) {
      if (!slot.isReady || slot.job || this.queue.length === 0) continue
      const job = this.queue.shift()!
      slot.job = job
      // A copy is sent: the caller may still need its bytes (the create call stores nothing else).
      slot.worker.postMessage({ id: job.id, bytes: job.bytes, format: job.format, entries: job.entries })
    }
  }

  private spawn() {
    const worker = new Worker(/* turbopackIgnore: true */ WORKER_FILE, { execArgv: ['--conditions=react-server'] })
    const slot: Slot = { worker, job: null, isReady: false }
    worker.unref()
    this.slots.push(slot)
    worker.on('message', (message: Reply & { ready?: boolean }) => {
      if (message.ready) {
        slot.isReady = true
        return this.pump()
      }
      const job = slot.job
      slot.job = null
      if (job && job.id === message.id) {
        if (message.result) job.resolve(message.result)
        else if (message.error?.messageKey && message.error.code) job.reject(new AppError(message.error.code, message.error.messageKey, message.error.values))
        else job.reject(new Error(message.error?.message ?? 'analysis failed'))
      }
      this.pump()
    })
    const lost = (error: unknown) => {
      this.slots = this.slots.filter((s) => s !== slot)
      if (slot.job) slot.job.reject(WorkerLost)
      slot.job = null
      if (error) log.error('tasks.analyse_worker_lost', { error })
      this.pump()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => code !== 0 && lost(null))
  }
}

let pool: AnalysePool | undefined

const isLarge = (bytes: Uint8Array) => bytes.byteLength > INLINE_MAX_BYTES && process.env.ANALYSE_IN_WORKERS !== 'off'

async function offThread<T extends Result>(bytes: Uint8Array, format: SubtitleFormat, entries: readonly MatchableEntry[] | undefined, inline: () => T): Promise<T> {
  pool ??= new AnalysePool(Math.max(1, Math.min(2, availableParallelism() - 1)))
  try {
    return (await pool.run(bytes, format, entries)) as T
  } catch (error) {
    if (error !== WorkerLost) throw error
    return inline()
  }
}

/**
 * Analyses an upload (decode, parse, price, detect language) off the event loop when it is large,
 * inline when it is small. Rules: the same answers and errors as analyseSubtitle; a worker that
 * cannot start or dies mid-job never loses the request (it is analysed inline).
 */
export async function analyseUpload(bytes: Uint8Array, format: SubtitleFormat = 'srt'): Promise<AnalysedSubtitle> {
  if (!isLarge(bytes)) return analyseSubtitle(bytes, format)
  return offThread(bytes, format, undefined, () => analyseSubtitle(bytes, format))
}

/** The estimate's summary of an upload (no cues copied back), off the event loop when it is large. */
export async function summariseUploadOffThread(bytes: Uint8Array, entries: readonly MatchableEntry[], format: SubtitleFormat = 'srt'): Promise<UploadSummary> {
  if (!isLarge(bytes)) return summariseUpload(bytes, entries, format)
  return offThread(bytes, format, entries, () => summariseUpload(bytes, entries, format))
}
