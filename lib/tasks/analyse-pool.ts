import 'server-only'
import { availableParallelism } from 'node:os'
import type { MatchableEntry } from '@/lib/glossary/suggest'
import { OffThreadLostError, offThreadRunner } from '@/lib/off-thread'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { analyseSubtitle, type AnalysedSubtitle } from './upload'
import { summariseUpload, type UploadSummary } from './upload-summary'

/** Files up to this size are analysed inline: a worker round trip costs more than they do. */
export const INLINE_MAX_BYTES = 256 * 1024

type Result = AnalysedSubtitle | UploadSummary
type Job = { bytes: Uint8Array; format: SubtitleFormat; entries?: readonly MatchableEntry[] }

/**
 * Worker threads (lib/off-thread, lib/tasks/analyse-worker.mjs) that analyse large uploads, so a
 * burst of 5 MB files never holds the event loop that answers everyone else: one per spare core,
 * at most two (at least one), kept for the next upload; jobs wait in a queue.
 */
let analysers: ReturnType<typeof offThreadRunner<Job, Result>> | undefined

const isLarge = (bytes: Uint8Array) => bytes.byteLength > INLINE_MAX_BYTES && process.env.ANALYSE_IN_WORKERS !== 'off'

/** A worker that cannot start or dies mid-job never loses the request: it is analysed inline. */
async function offThread<T extends Result>(job: Job, inline: () => T): Promise<T> {
  analysers ??= offThreadRunner<Job, Result>({ worker: 'lib/tasks/analyse-worker.mjs', threads: Math.max(1, Math.min(2, availableParallelism() - 1)) })
  try {
    return (await analysers.run(job)) as T
  } catch (error) {
    if (!(error instanceof OffThreadLostError)) throw error
    return inline()
  }
}

/**
 * Analyses an upload (decode, parse, price, detect language) off the event loop when it is large,
 * inline when it is small. Rules: the same answers and errors as analyseSubtitle; a worker that
 * cannot start or dies mid-job never loses the request (it is analysed inline).
 */
export async function analyseUpload(bytes: Uint8Array, format: SubtitleFormat = 'srt'): Promise<AnalysedSubtitle> {
  if (!isLarge(bytes)) return analyseSubtitle(bytes, format)
  return offThread({ bytes, format }, () => analyseSubtitle(bytes, format))
}

/** The estimate's summary of an upload (no cues copied back), off the event loop when it is large. */
export async function summariseUploadOffThread(bytes: Uint8Array, entries: readonly MatchableEntry[], format: SubtitleFormat = 'srt'): Promise<UploadSummary> {
  if (!isLarge(bytes)) return summariseUpload(bytes, entries, format)
  return offThread({ bytes, format, entries }, () => summariseUpload(bytes, entries, format))
}
