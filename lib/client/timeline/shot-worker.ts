// The shot-change worker: scans a picked video for cuts (shot-scan.ts) off the page's thread and
// posts them to the page as they are found, at most every half second.

import { scanShotChanges, ShotScanProblem } from './shot-scan'
import type { FromShotWorker, ToShotWorker } from './shot-protocol'

const scope = self as unknown as { postMessage(message: FromShotWorker): void; onmessage: ((event: MessageEvent<ToShotWorker>) => void) | null }
const post = (message: FromShotWorker) => scope.postMessage(message)

const PROGRESS_EVERY_MS = 500

scope.onmessage = (event) => {
  let unsent: number[] = []
  let lastPost = performance.now()
  const onCuts = (cuts: number[], doneMs: number, durationMs: number) => {
    unsent.push(...cuts)
    if (performance.now() - lastPost < PROGRESS_EVERY_MS) return
    post({ type: 'progress', cutsMs: unsent, doneMs, durationMs })
    unsent = []
    lastPost = performance.now()
  }
  scanShotChanges(event.data.file, onCuts).then(
    ({ cutsMs, frameRate, durationMs }) => post({ type: 'done', cutsMs, frameRate, durationMs }),
    (error: unknown) => post(error instanceof ShotScanProblem ? { type: 'failed', problem: error.problem, detail: error.message } : { type: 'failed', problem: 'failed', detail: String(error) }),
  )
}
