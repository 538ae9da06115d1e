// What the page asks of the peaks worker (peaks-worker.ts), through the one worker RPC.
import type { PeakRun } from '@/lib/waveform'

export type PeaksProtocol = {
  calls: {
    /** The whole waveform in lib/waveform's encoding; meanwhile each run of completed buckets (sent once: the worker keeps no copy). */
    scan: { args: { file: Blob }; result: { encoded: Uint8Array; durationMs: number }; event: { run: PeakRun; durationMs: number } }
  }
  notes: Record<string, never>
}

/** What a failed scan carries: `noSound`, the file has no sound the browser decodes. */
export type PeaksProblem = { noSound: boolean }
