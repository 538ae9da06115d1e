// The extraction worker: probes a picked file, or takes one part of its sound out
// (copied, or decoded and encoded for speech), sending the bytes to the page as they are made.
// Running here, off the page's thread, the dialog and the editor stay responsive meanwhile.

import { serveWorker } from '../worker-rpc'
import { WorkerProblem, type ExtractProtocol, type PartJob, type PartEvent, type ProblemData } from './extract-protocol'
import { copyPart } from './worker-copy'
import { encodePart, type PartRun } from './worker-encode'
import { holdFor } from './worker-pace'
import { probeAudio } from './worker-probe'
import { SPEECH_ENCODING } from './extraction-plan'
import { peaksTap } from '@/lib/client/timeline/peaks-tap'

// The end of this worker's part, when another worker finds it (an `end` note).
let knownEnd: number | null = null
let onEnd: ((endMs: number) => void) | null = null
const endMs = () => (knownEnd !== null ? Promise.resolve(knownEnd) : new Promise<number>((resolve) => (onEnd = resolve)))

const PROGRESS_EVERY_MS = 200

async function runPart(job: PartJob, emit: (event: PartEvent, transfer?: Transferable[]) => void) {
  if (job.endMs !== null) knownEnd = job.endMs
  let lastProgress = 0
  // The timeline's waveform, measured on the sound this part decodes anyway.
  const peaks = peaksTap(SPEECH_ENCODING.sampleRate, (run, transfer) => emit({ type: 'peaks', run }, transfer))
  const run: PartRun = {
    file: job.file,
    startMs: job.startMs,
    nominalEndMs: job.nominalEndMs,
    endMs,
    findStart: job.findStart,
    onStart: (startMs) => {
      peaks.start(startMs)
      emit({ type: 'start', startMs })
    },
    onMono: peaks.push,
    onData: (bytes) => emit({ type: 'data', bytes }, [bytes.buffer]),
    onProgress: (doneMs) => {
      const now = performance.now()
      if (now - lastProgress < PROGRESS_EVERY_MS) return
      lastProgress = now
      emit({ type: 'progress', doneMs })
    },
  }
  if (job.mode === 'copy') return copyPart(run)
  const durationMs = await encodePart(run)
  peaks.end()
  return { durationMs, format: 'ogg' as const }
}

serveWorker<ExtractProtocol>({
  calls: {
    probe: ({ file }) => probeAudio(file),
    part: (job, { emit }) => runPart(job, emit),
  },
  notes: {
    hold: ({ ms }) => holdFor(ms),
    end: ({ endMs }) => {
      knownEnd = endMs
      onEnd?.(endMs)
    },
  },
  errorData: (error): ProblemData => (error instanceof WorkerProblem ? { problem: error.problem, damage: error.damage } : { problem: 'failed' }),
})
