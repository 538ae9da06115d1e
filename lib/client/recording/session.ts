'use client'

import { MAX_AUDIO_BYTES } from '@/lib/transcribe/universal/limits'
import type { Task } from '../tasks'
import { ExtractionError, startExtraction, type Extraction } from './extract-audio'
import { checkMediaFile, type MediaProblem } from './media-file'
import { createTranscription, declaredEstimate, estimateRecording, transcribeParts, type RecordingEstimate, type TranscribeChoices } from './submit'
import { uploadPart, type PartUpload } from './upload'

// One picked recording on its way to the server, the screen's one handle on it: started once
// (the file checked, its sound taken out by the workers and each part uploaded while it is made,
// priced from the length the file states) and submitted once (the task created from the parts).
// It outlives the upload dialog once its task is created: the dialog closes, the sound keeps going
// up, the server transcribes as it arrives. A browser that cannot take the sound out sends the file
// whole (when it is small enough), estimated by the server, and creates the task from that copy.

export type Recording = {
  /** What the dialog shows: the declared length's price, or the server's estimate of a file sent whole. */
  estimate: RecordingEstimate
  /** The file went up whole (no extraction in this browser). */
  isWhole: boolean
  /** The recording's length as its container says (or, sent whole, as the server decoded it). */
  durationMs: number
  /** Resolves when the browser has read the whole file. */
  extracted: Promise<void>
  /** Resolves when every byte is on the server. */
  uploaded: Promise<void>
  /** Extraction and upload, 0..1 each (null for a file sent whole: its upload reports as it goes). */
  progress: () => { extracted: number; uploaded: number } | null
  /** Stops everything and removes the parts from the server (the dialog closed before creating a task). */
  abandon: () => void
  /** The waveform the workers measured on the way (lib/client/timeline/recording-peaks.ts sends it). */
  peaks: Extraction['peaks'] | null
  /** Creates the transcription task (and reserves its price) with the person's choices. */
  submit: (choices: TranscribeChoices) => Promise<Task>
}

type StartOptions = {
  signal: AbortSignal
  /** No extraction in this browser: the file itself goes up (the dialog shows its upload). */
  onSendingWhole?: () => void
  onUploadProgress?: (fraction: number) => void
}

/** A started recording: the file's problem, found before it is opened; else the session once the file is probed. */
export type RecordingStart = { problem: MediaProblem; started: null } | { problem: null; started: Promise<Recording> }

/**
 * Starts a picked recording: refused at once when the file cannot be one (`problem`), else its
 * sound is taken out and uploaded; `started` rejects with an ExtractionError naming the problem, or
 * an AbortError when `signal` aborts.
 */
export function startRecording(file: File, options: StartOptions): RecordingStart {
  const problem = checkMediaFile(file)
  return problem ? { problem, started: null } : { problem: null, started: begin(file, options) }
}

async function begin(file: File, { signal, onSendingWhole, onUploadProgress }: StartOptions): Promise<Recording> {
  let extraction: Extraction
  let estimate: RecordingEstimate | null = null
  let extractedFraction = 0
  try {
    // The length the file states is priced, and refused when too long, before any part is taken out.
    extraction = await startExtraction(file, { signal, onProgress: (fraction) => (extractedFraction = fraction), accept: (durationMs) => void (estimate = declaredEstimate(durationMs)) })
  } catch (caught) {
    if (caught instanceof ExtractionError && caught.problem === 'unsupportedBrowser' && file.size <= MAX_AUDIO_BYTES) return sendWhole(file, { signal, onSendingWhole, onUploadProgress })
    throw caught
  }
  let isExtracted = false
  const uploads: Promise<PartUpload>[] = extraction.parts.map((part) => part.startMs.then((startMs) => uploadPart({ stream: part.stream, fileName: file.name, index: part.index, startMs })))
  const extracted = extraction.done.then(() => void (isExtracted = true))
  const uploaded = extracted.then(() => Promise.all(uploads.map((u) => u.then((upload) => upload.done)))).then(() => undefined)
  // Awaited by whoever watches them; until then a failure must not count as unhandled.
  uploaded.catch(() => {})
  const settled: PartUpload[] = []
  for (const u of uploads) u.then((upload) => settled.push(upload)).catch(() => {})
  const declared = estimate ?? declaredEstimate(extraction.durationMs)
  return {
    estimate: declared,
    isWhole: false,
    durationMs: extraction.durationMs,
    extracted,
    uploaded,
    progress: () => {
      const sent = settled.reduce((sum, u) => sum + u.sent(), 0)
      const made = Math.max(1, extraction.bytes())
      // While the workers run, the upload can only be as far along as what they made.
      return { extracted: extractedFraction, uploaded: Math.min(1, sent / made) * (isExtracted ? 1 : extractedFraction) }
    },
    abandon: () => {
      for (const u of settled) void u.abandon()
    },
    peaks: extraction.peaks,
    submit: async (choices) => transcribeParts({ parts: await Promise.all(uploads.map((u) => u.then((upload) => upload.id))), durationMs: declared.durationMs, ...choices }),
  }
}

/** No extraction in this browser: the file goes up whole with its estimate; the server keeps it a day under the answered id. */
async function sendWhole(file: File, { signal, onSendingWhole, onUploadProgress }: StartOptions): Promise<Recording> {
  onSendingWhole?.()
  const estimate = await estimateRecording(file, file.name, { signal, onProgress: onUploadProgress })
  signal.throwIfAborted()
  const done = Promise.resolve()
  return {
    estimate,
    isWhole: true,
    durationMs: estimate.durationMs,
    extracted: done,
    uploaded: done,
    progress: () => null,
    // The staged copy stays on the server (kept a day); nothing of the browser's runs on.
    abandon: () => {},
    peaks: null,
    submit: (choices) => createTranscription({ audio: file, fileName: file.name, uploadId: estimate.uploadId, ...choices }),
  }
}
