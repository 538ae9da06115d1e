// What the page asks of an extraction worker (extract-worker.ts), through the one worker RPC
// (lib/client/worker-rpc.ts). Plain data only: a File goes to a worker by reference, encoded bytes
// come back transferred, never copied.

import type { PeakRun } from '@/lib/waveform'

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
  file: Blob
  mode: 'copy' | 'encode'
  startMs: number
  /** Where the part ends at the earliest: the plan's end (a first half's end moves to the next part's silence). */
  nominalEndMs: number
  /** Null: the end comes later in an `end` note (where the next part found a silence to start at). */
  endMs: number | null
  /** Move the start forward to the first silence within SPLIT_SEARCH_MS, and say where (a `start` event). */
  findStart: boolean
}

/** What a part's worker tells the page while it runs: where it started, its bytes, how far it got. */
export type PartEvent =
  | { type: 'start'; startMs: number }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'progress'; doneMs: number }
  /** The waveform of the sound decoded so far (lib/client/timeline/peaks-tap.ts). */
  | { type: 'peaks'; run: PeakRun }

export type ExtractProtocol = {
  calls: {
    probe: { args: { file: Blob }; result: ProbeInfo }
    part: { args: PartJob; result: { durationMs: number; format: PartFormat }; event: PartEvent }
  }
  notes: {
    /** The part's end, found by the next part's worker. */
    end: { endMs: number }
    /** The page answers a person: the worker steps back for `ms` (worker-pace.ts). */
    hold: { ms: number }
  }
}

/** What a failed call carries to the page beside its message. */
export type ProblemData = { problem: ExtractionProblem; damage?: DamageReport }

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
