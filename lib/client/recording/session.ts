'use client'

import { startExtraction, type Extraction } from './extract/extract-audio'
import { uploadPart, type PartUpload } from './upload'

// One picked recording on its way to the server: its sound taken out by the workers and
// each part uploaded while it is made. It outlives the upload dialog once its task is created
// (`keep`): the dialog closes, the sound keeps going up, the server transcribes as it arrives.

export type RecordingSession = {
  /** The recording's length as its container says. */
  durationMs: number
  /** The parts' ids on the server, once each is created (part two's waits for its start). */
  partIds: () => Promise<string[]>
  /** Resolves when the browser has read the whole file. */
  extracted: Promise<void>
  /** Resolves when every byte is on the server. */
  uploaded: Promise<void>
  /** Extraction and upload, 0..1 each. */
  progress: () => { extracted: number; uploaded: number }
  /** Stops everything and removes the parts from the server (the dialog closed before creating a task). */
  abandon: () => void
  /** The waveform the workers measured on the way (lib/client/timeline/recording-peaks.ts sends it). */
  peaks: Extraction['peaks']
}

export async function startRecordingSession(file: File, { signal }: { signal: AbortSignal }): Promise<RecordingSession> {
  let extractedFraction = 0
  let isExtracted = false
  const extraction: Extraction = await startExtraction(file, { signal, onProgress: (fraction) => (extractedFraction = fraction) })
  const uploads: Promise<PartUpload>[] = extraction.parts.map((part) => part.startMs.then((startMs) => uploadPart({ stream: part.stream, fileName: file.name, index: part.index, startMs })))
  const extracted = extraction.done.then(() => void (isExtracted = true))
  const uploaded = extracted.then(() => Promise.all(uploads.map((u) => u.then((upload) => upload.done)))).then(() => undefined)
  // Awaited by whoever watches them; until then a failure must not count as unhandled.
  uploaded.catch(() => {})
  const settled: PartUpload[] = []
  for (const u of uploads) u.then((upload) => settled.push(upload)).catch(() => {})
  return {
    durationMs: extraction.durationMs,
    partIds: () => Promise.all(uploads.map((u) => u.then((upload) => upload.id))),
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
  }
}
