// Points and time estimates shown in the upload dialog and charged on creation.

/** Spec section 9: 10 points per minute of subtitle duration, rounded up to whole minutes. */
export const POINTS_PER_MINUTE = 10
/** Spec section 5: uploads are at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5_242_880

const MS_PER_MINUTE = 60_000

/**
 * Points for a file: 10 per started minute of its duration, i.e. `ceil(endMs / 60000) * 10`.
 * Rules: the duration is the latest cue end (the last cue's end in an ordered file; the maximum also
 * covers files whose cues are out of order); no cues, or no positive duration, costs 0.
 */
export function computeCost(cues: readonly { endMs: number }[]): number {
  let durationMs = 0
  for (const cue of cues) {
    if (Number.isFinite(cue.endMs) && cue.endMs > durationMs) durationMs = cue.endMs
  }
  return durationMs > 0 ? Math.ceil(durationMs / MS_PER_MINUTE) * POINTS_PER_MINUTE : 0
}

export type TranslationEstimateOptions = {
  /** Segments per request; the spec's default batch size is 10. */
  batchSize?: number
  /** Requests in flight at once. */
  concurrency?: number
  /** Typical round trip of one batch to the provider. */
  msPerBatch?: number
  /** Queueing and job start-up before the first batch. */
  overheadMs?: number
}

/**
 * Rough translation time for the upload dialog, shown as seconds.
 * Rule: `overhead + ceil(batches / concurrency) * msPerBatch` with batches of 10, 4 in flight,
 * 3 s per batch and 2 s of overhead; 0 segments gives 0. This is an order-of-magnitude guide, not a
 * promise: it ignores retries and provider slowdowns, and callers may pass measured figures.
 */
export function estimateTranslationMs(segmentCount: number, options: TranslationEstimateOptions = {}): number {
  const { batchSize = 10, concurrency = 4, msPerBatch = 3000, overheadMs = 2000 } = options
  if (!Number.isFinite(segmentCount) || segmentCount <= 0) return 0
  const batches = Math.ceil(segmentCount / Math.max(1, batchSize))
  const rounds = Math.ceil(batches / Math.max(1, concurrency))
  return overheadMs + rounds * msPerBatch
}
