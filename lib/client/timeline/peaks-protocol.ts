// Messages between the page and the peaks worker (peaks-worker.ts).
import type { PeakRun } from '@/lib/waveform'

export type ToPeaksWorker = { type: 'scan'; file: Blob }

export type FromPeaksWorker =
  /** Buckets completed (a run sent once: the worker keeps no copy). */
  | { type: 'run'; run: PeakRun; durationMs: number }
  /** The whole waveform in lib/waveform's encoding. */
  | { type: 'done'; encoded: Uint8Array; durationMs: number }
  /** `noSound`: the file has no sound the browser decodes. */
  | { type: 'failed'; noSound: boolean; detail: string }
