'use client'

// Runs a video export off the main thread where the browser allows (export-worker.ts: WebCodecs
// and an OffscreenCanvas inside a worker), so the editor stays responsive; otherwise on the page
// itself with the same code (export-job.ts). The output is opened by the caller first (the save
// picker needs the creator's click); the worker's bytes are written to it here, in order.
import { workerClient, WorkerCallError, type WorkerClient } from '@/lib/client/worker-rpc'
import { problemOf, runExportJob, type ExportJob, type ExportProblem, type ExportProgress, type ExportResult } from './export-job'
import type { ExportErrorData, ExportProtocol } from './export-protocol'
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
  const cancelled = () => new DOMException('The export was cancelled.', 'AbortError')
  let stopped: (() => void) | null = null
  let writeFailed: ((error: ExportFailure) => void) | null = null
  const cancel = () => {
    worker.note('cancel', undefined)
    // A worker stuck inside a long frame is stopped anyway: the output is discarded by the caller.
    setTimeout(() => stopped?.(), 5000)
  }
  signal.addEventListener('abort', cancel, { once: true })
  // The file's bytes in the order they came; the answer waits for the last of them.
  const writer = output.kind === 'disk' ? output.stream.getWriter() : null
  let written = Promise.resolve()
  const run = worker.call(
    'start',
    { job, toDisk: output.kind === 'disk' },
    {
      onEvent: (event) => {
        if (event.type === 'progress') return onProgress(event.progress)
        written = written.then(() => writer?.write(event.chunk)).then(() => worker.note('written', { id: event.id }))
        written.catch((error: unknown) => writeFailed?.(new ExportFailure('failed', String(error))))
      },
    },
  )
  const stop = new Promise<never>((_, reject) => (stopped = () => reject(cancelled())))
  const broken = new Promise<never>((_, reject) => (writeFailed = reject))
  try {
    const { result, buffer } = await Promise.race([run, stop, broken])
    await written
    return { ...result, buffer: buffer ?? undefined }
  } catch (error) {
    if (error instanceof DOMException || error instanceof ExportFailure) throw error
    if (!(error instanceof WorkerCallError)) throw new ExportFailure('failed', String(error))
    const data = error.data as ExportErrorData | undefined
    if (data && 'cancelled' in data) throw cancelled()
    throw new ExportFailure(data?.problem ?? 'failed', error.message || 'the export worker failed')
  } finally {
    signal.removeEventListener('abort', cancel)
    worker.terminate()
  }
}

/** A worker that can run `job`, or null when this browser cannot (no module workers, no OffscreenCanvas or WebCodecs in workers). */
async function readyWorker(job: ExportJob): Promise<WorkerClient<ExportProtocol> | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null
  let worker: WorkerClient<ExportProtocol>
  try {
    worker = workerClient<ExportProtocol>(new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module', name: 'video-export' }))
  } catch {
    return null
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS)))
  const canBurn = await Promise.race([worker.call('probe', undefined).then((answer) => answer.canBurn, () => null), late])
  clearTimeout(timer)
  if (canBurn === null || (job.type === 'burn' && !canBurn)) {
    worker.terminate()
    return null
  }
  return worker
}
