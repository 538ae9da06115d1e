// Messages between the page (run-export.ts) and the export's worker (export-worker.ts). On disk the
// file's bytes come to the page as `write` messages on the same channel as `done`, so every byte
// is written before the file is put in place; each is acknowledged (`written`), which holds the
// muxer back while the disk is slower than the encoder.
import type { ExportJob, ExportProblem, ExportProgress, ExportResult } from './export-job'
import type { OutputChunk } from './output'

export type ToWorker =
  /** Asks what the worker can do before any output is opened. */
  | { type: 'probe' }
  /** Runs the job; on disk its bytes come back as `write` messages, in memory as one buffer with `done`. */
  | { type: 'start'; job: ExportJob; toDisk: boolean }
  | { type: 'written'; id: number }
  | { type: 'cancel' }

export type FromWorker =
  | { type: 'probed'; canBurn: boolean }
  | { type: 'progress'; progress: ExportProgress }
  | { type: 'write'; id: number; chunk: OutputChunk }
  | { type: 'done'; result: ExportResult; buffer: ArrayBuffer | null }
  | { type: 'cancelled' }
  | { type: 'failed'; problem: ExportProblem; message: string }
