// The peaks worker: measures a picked file's waveform (peaks-scan.ts) off the page's thread and
// posts the buckets as they are completed, then the whole encoded.

import { encodePeaks, type PeakRun } from '@/lib/waveform'
import { NoSoundError, scanPeaks } from './peaks-scan'
import type { FromPeaksWorker, ToPeaksWorker } from './peaks-protocol'

const scope = self as unknown as { postMessage(message: FromPeaksWorker, transfer?: Transferable[]): void; onmessage: ((event: MessageEvent<ToPeaksWorker>) => void) | null }

scope.onmessage = (event) => {
  const onRun = (run: PeakRun, durationMs: number) => scope.postMessage({ type: 'run', run, durationMs }, [run.min.buffer, run.max.buffer])
  scanPeaks(event.data.file, { onRun }).then(
    (peaks) => {
      const encoded = encodePeaks(peaks)
      scope.postMessage({ type: 'done', encoded, durationMs: peaks.durationMs }, [encoded.buffer])
    },
    (error: unknown) => scope.postMessage({ type: 'failed', noSound: error instanceof NoSoundError, detail: String(error) }),
  )
}
