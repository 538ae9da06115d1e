// The extraction worker's waveform: the mono sound a part decodes for speech (worker-encode.ts) is
// fed, on the way, to a peaks builder, and the buckets it completes go to the page every few
// seconds of sound (a `peaks` event of the part's call), so a long file's waveform grows while it
// is read. No second decode: this costs a min and a max per sample. Runs inside the worker.

import { PeaksBuilder, type PeakRun } from '@/lib/waveform'

/** Sound decoded between two messages. */
const POST_EVERY_MS = 5000

export type PeaksTap = { start(startMs: number): void; push(mono: Float32Array): void; end(): void }

/** A part's tap: `start` once its start is known, `push` each piece of its mono sound at `sampleRate`, `end` when it is done. */
export function peaksTap(sampleRate: number, post: (run: PeakRun, transfer: Transferable[]) => void): PeaksTap {
  let builder: PeaksBuilder | null = null
  let postedAtMs = 0
  const send = (run: PeakRun | null) => {
    if (run) post(run, [run.min.buffer, run.max.buffer])
  }
  return {
    start(startMs) {
      builder = new PeaksBuilder(sampleRate, startMs)
      postedAtMs = startMs
    },
    push(mono) {
      if (!builder) return
      builder.push(mono)
      if (builder.endMs - postedAtMs < POST_EVERY_MS) return
      postedAtMs = builder.endMs
      send(builder.take())
    },
    end() {
      if (builder) send(builder.finish())
      builder = null
    },
  }
}
