// The peaks worker: measures a picked file's waveform (peaks-scan.ts) off the page's thread and
// sends the buckets as they are completed, then answers the whole encoded.

import { encodePeaks } from '@/lib/waveform'
import { serveWorker, transfer } from '../worker-rpc'
import { NoSoundError, scanPeaks } from './peaks-scan'
import type { PeaksProblem, PeaksProtocol } from './peaks-protocol'

serveWorker<PeaksProtocol>({
  calls: {
    scan: async ({ file }, { emit }) => {
      const peaks = await scanPeaks(file, { onRun: (run, durationMs) => emit({ run, durationMs }, [run.min.buffer, run.max.buffer]) })
      const encoded = encodePeaks(peaks)
      return transfer({ encoded, durationMs: peaks.durationMs }, [encoded.buffer])
    },
  },
  notes: {},
  errorData: (error): PeaksProblem => ({ noSound: error instanceof NoSoundError }),
})
