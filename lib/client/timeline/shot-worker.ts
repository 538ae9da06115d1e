// The shot-change worker: scans a picked video for cuts (shot-scan.ts) off the page's thread and
// sends them to the page as they are found, at most every half second.

import { serveWorker } from '../worker-rpc'
import { scanShotChanges, ShotScanProblem } from './shot-scan'
import type { ShotProblem, ShotProtocol } from './shot-protocol'

const PROGRESS_EVERY_MS = 500

serveWorker<ShotProtocol>({
  calls: {
    detect: ({ file }, { emit }) => {
      let unsent: number[] = []
      let lastSent = performance.now()
      return scanShotChanges(file, (cuts, doneMs, durationMs) => {
        unsent.push(...cuts)
        if (performance.now() - lastSent < PROGRESS_EVERY_MS) return
        emit({ cutsMs: unsent, doneMs, durationMs })
        unsent = []
        lastSent = performance.now()
      })
    },
  },
  notes: {},
  errorData: (error): ShotProblem => (error instanceof ShotScanProblem ? error.problem : 'failed'),
})
