// Messages between the page and the extraction workers (extract-worker.ts). Plain data only: a
// File goes to a worker by reference, encoded bytes come back transferred, never copied.

/**
 * Why a recording's sound could not be taken out; each has its message in the three languages.
 * `damaged`: the file is cut short (only `readMs` of its `totalMs` can be read); `damagedIndex`: a
 * known container with no index of its tracks (an MP4 whose `moov` is missing), none of it readable.
 */
export type ExtractionProblem = 'unsupportedBrowser' | 'unreadable' | 'noAudio' | 'undecodable' | 'tooLong' | 'damaged' | 'damagedIndex' | 'failed'

/** How much of a damaged file could be read, for its message. */
export type DamageReport = { readMs: number; totalMs: number; bytes: number }

/** What the probe read of the first audio track, before anything is decoded. */
export type ProbeInfo = { durationMs: number; codec: string | null; bitrate: number | null; firstTimestampMs: number }

/** The container a part's bytes are in: Ogg for Opus (encoded or copied), ADTS for AAC, MP3. */
export type PartFormat = 'ogg' | 'adts' | 'mp3'

export type PartJob = {
  type: 'part'
  file: Blob
  part: number
  mode: 'copy' | 'encode'
  startMs: number
  /** Where the part ends at the earliest: the plan's end (a first half's end moves to the next part's silence). */
  nominalEndMs: number
  /** Null: the end comes later in an `end` message (where the next part found a silence to start at). */
  endMs: number | null
  /** Move the start forward to the first silence within SPLIT_SEARCH_MS, and say where (a `start` message). */
  findStart: boolean
}

/** `hold`: the page answers a person; the worker steps back for `ms` (worker-pace.ts). */
export type ToWorker = { type: 'probe'; file: Blob } | PartJob | { type: 'end'; endMs: number } | { type: 'hold'; ms: number }

export type FromWorker =
  | { type: 'probed'; info: ProbeInfo }
  | { type: 'start'; part: number; startMs: number }
  | { type: 'data'; part: number; bytes: Uint8Array }
  | { type: 'progress'; part: number; doneMs: number }
  | { type: 'done'; part: number; durationMs: number; format: PartFormat }
  | { type: 'failed'; problem: ExtractionProblem; detail: string; damage?: DamageReport }

/** How far past the middle the second part looks for a silence to start in. */
export const SPLIT_SEARCH_MS = 60_000

/** A problem found inside a worker, sent to the page as a `failed` message. */
export class WorkerProblem extends Error {
  constructor(
    readonly problem: ExtractionProblem,
    detail: string,
    readonly damage?: DamageReport,
  ) {
    super(detail)
  }
}
