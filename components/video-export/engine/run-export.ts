'use client'

// Runs a video export off the main thread where the browser allows (export-worker.ts: WebCodecs
// and an OffscreenCanvas inside a worker), so the editor stays responsive; otherwise on the page
// itself with the same code (export-job.ts). The output is opened by the caller first (the save
// picker needs the creator's click); the worker's bytes are written to it here, in order.
import { problemOf, runExportJob, type ExportJob, type ExportProblem, type ExportProgress, type ExportResult } from './export-job'
import type { FromWorker, ToWorker } from './export-protocol'
import type { VideoOutput } from './output'

export type ExportThread = 'worker' | 'page'
/** An export that stopped for a reason the creator is told (not a cancel). */
export class ExportFailure extends Error {
  constructor(readonly problem: ExportProblem, detail: string) {
    super(detail)
    this.name = 'ExportFailure'
  }
}

type Run = { job: ExportJob; output: VideoOutput; signal: AbortSignal; onProgress: (p: ExportProgress) => void; onThread?: (thread: ExportThread) => void }

/** How long a worker may take to load and answer before the page does the work itself. */
const PROBE_TIMEOUT_MS = 15_000

/** What a finished export answers; `buffer` is the file a worker built in memory, for output.commit(). */
export type ExportRun = ExportResult & { buffer?: ArrayBuffer }

/** Runs `job` into `output`; rejects with an AbortError on cancel or an ExportFailure. */
export async function runExport({ job, output, signal, onProgress, onThread }: Run): Promise<ExportRun> {
  const worker = await readyWorker(job)
  if (signal.aborted) {
    worker?.terminate()
    throw new DOMException('The export was cancelled.', 'AbortError')
  }
  if (!worker) {
    onThread?.('page')
    try {
      return await runExportJob(job, output.stream, signal, onProgress)
    } catch (error) {
      if (signal.aborted) throw new DOMException('The export was cancelled.', 'AbortError')
      throw new ExportFailure(problemOf(error), String(error))
    }
  }
  onThread?.('worker')
  return new Promise<ExportRun>((resolve, reject) => {
    let isSettled = false
    const finish = (settle: () => void) => {
      if (isSettled) return
      isSettled = true
      signal.removeEventListener('abort', cancel)
      worker.terminate()
      settle()
    }
    const cancel = () => {
      post(worker, { type: 'cancel' })
      // A worker stuck inside a long frame is stopped anyway: the output is discarded by the caller.
      setTimeout(() => finish(() => reject(new DOMException('The export was cancelled.', 'AbortError'))), 5000)
    }
    signal.addEventListener('abort', cancel, { once: true })
    worker.onerror = (event) => finish(() => reject(new ExportFailure('failed', event.message || 'the export worker failed')))
    // The file's bytes in the order they came; `done` waits for the last of them.
    const writer = output.kind === 'disk' ? output.stream.getWriter() : null
    let written = Promise.resolve()
    worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
      if (data.type === 'progress') onProgress(data.progress)
      else if (data.type === 'write') {
        written = written.then(() => writer?.write(data.chunk)).then(() => post(worker, { type: 'written', id: data.id }))
        written.catch((error: unknown) => finish(() => reject(new ExportFailure('failed', String(error)))))
      } else if (data.type === 'done') void written.then(() => finish(() => resolve({ ...data.result, buffer: data.buffer ?? undefined })))
      else if (data.type === 'cancelled') finish(() => reject(new DOMException('The export was cancelled.', 'AbortError')))
      else if (data.type === 'failed') finish(() => reject(new ExportFailure(data.problem, data.message)))
    }
    post(worker, { type: 'start', job, toDisk: output.kind === 'disk' })
  })
}

const post = (worker: Worker, message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer)

/** A worker that can run `job`, or null when this browser cannot (no module workers, no OffscreenCanvas or WebCodecs in workers). */
async function readyWorker(job: ExportJob): Promise<Worker | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null
  let worker: Worker
  try {
    worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module', name: 'video-export' })
  } catch {
    return null
  }
  const canBurn = await new Promise<boolean | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS)
    worker.onerror = () => (clearTimeout(timer), resolve(null))
    worker.onmessage = ({ data }: MessageEvent<FromWorker>) => data.type === 'probed' && (clearTimeout(timer), resolve(data.canBurn))
    post(worker, { type: 'probe' })
  })
  if (canBurn === null || (job.type === 'burn' && !canBurn)) {
    worker.terminate()
    return null
  }
  return worker
}
