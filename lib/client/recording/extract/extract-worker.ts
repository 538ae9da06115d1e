// The extraction worker: probes a picked file, or takes one part of its sound out
// (copied, or decoded and encoded for speech), posting the bytes to the page as they are made.
// Running here, off the page's thread, the dialog and the editor stay responsive meanwhile.

import { copyPart } from './worker-copy'
import { encodePart, type PartRun } from './worker-encode'
import { WorkerProblem, type FromWorker, type PartJob, type ToWorker } from './extract-protocol'
import { probeAudio } from './worker-probe'
import { holdFor } from './worker-pace'

const scope = self as unknown as { postMessage(message: FromWorker, transfer?: Transferable[]): void; onmessage: ((event: MessageEvent<ToWorker>) => void) | null }
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer)

// The end of this worker's part, when another worker finds it (an `end` message).
let knownEnd: number | null = null
let onEnd: ((endMs: number) => void) | null = null
const endMs = () => (knownEnd !== null ? Promise.resolve(knownEnd) : new Promise<number>((resolve) => (onEnd = resolve)))

const PROGRESS_EVERY_MS = 200

async function runPart(job: PartJob) {
  if (job.endMs !== null) knownEnd = job.endMs
  let lastProgress = 0
  const run: PartRun = {
    file: job.file,
    startMs: job.startMs,
    nominalEndMs: job.nominalEndMs,
    endMs,
    findStart: job.findStart,
    onStart: (startMs) => post({ type: 'start', part: job.part, startMs }),
    onData: (bytes) => post({ type: 'data', part: job.part, bytes }, [bytes.buffer]),
    onProgress: (doneMs) => {
      const now = performance.now()
      if (now - lastProgress < PROGRESS_EVERY_MS) return
      lastProgress = now
      post({ type: 'progress', part: job.part, doneMs })
    },
  }
  if (job.mode === 'copy') {
    const { durationMs, format } = await copyPart(run)
    post({ type: 'done', part: job.part, durationMs, format })
  } else {
    post({ type: 'done', part: job.part, durationMs: await encodePart(run), format: 'ogg' })
  }
}

scope.onmessage = (event) => {
  const message = event.data
  if (message.type === 'hold') return holdFor(message.ms)
  if (message.type === 'end') {
    knownEnd = message.endMs
    onEnd?.(message.endMs)
    return
  }
  const work = message.type === 'probe' ? probeAudio(message.file).then((info) => post({ type: 'probed', info })) : runPart(message)
  work.catch((error: unknown) => {
    if (error instanceof WorkerProblem) post({ type: 'failed', problem: error.problem, detail: error.message, damage: error.damage })
    else post({ type: 'failed', problem: 'failed', detail: String(error) })
  })
}
