// What the page (run-export.ts) asks of the export's worker (export-worker.ts), through the one
// worker RPC (lib/client/worker-rpc.ts). On disk the file's bytes come to the page as `write` events
// of the `start` call, so every byte is written before the call is answered; each is acknowledged
// (a `written` note), which holds the muxer back while the disk is slower than the encoder.
import type { ExportJob, ExportProblem, ExportProgress, ExportResult } from './export-job'
import type { OutputChunk } from './output'

export type ExportEvent = { type: 'progress'; progress: ExportProgress } | { type: 'write'; id: number; chunk: OutputChunk }

export type ExportProtocol = {
  calls: {
    /** What the worker can do, asked before any output is opened. */
    probe: { args: undefined; result: { canBurn: boolean } }
    /** Runs the job; on disk its bytes come as `write` events, in memory as one buffer with the answer. */
    start: { args: { job: ExportJob; toDisk: boolean }; result: { result: ExportResult; buffer: ArrayBuffer | null }; event: ExportEvent }
  }
  notes: { written: { id: number }; cancel: undefined }
}

/** What a failed `start` carries beside its message: why, or that it was cancelled. */
export type ExportErrorData = { problem: ExportProblem } | { cancelled: true }
