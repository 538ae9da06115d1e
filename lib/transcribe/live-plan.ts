// Chunks cut while a recording's sound is still arriving (issue 31): the same cuts as plan.ts, but
// each decided as soon as the audio up to its target has been decoded, so the chunk can go to the
// provider while later audio is still on its way. Pure, so it is unit tested.
import { cutAfter, type ChunkPlan } from './plan'

/**
 * Chunk lengths while streaming: a short first chunk, so the first request (and, with `auto`, the
 * spoken language) comes within seconds of the pick, then 5 minutes (more chunks at once; a
 * provider bills by the minute, not by the request).
 */
export const LIVE_TARGETS_MS = [2 * 60_000, 5 * 60_000] as const

export const liveTarget = (n: number) => LIVE_TARGETS_MS[Math.min(n, LIVE_TARGETS_MS.length - 1)]

/**
 * The shortest chunk cut on purpose near a part's end. Each request costs the provider's latency
 * (about 2 s) whatever its length, and requests run a few at once (STT_CONCURRENCY, 4): shorter
 * chunks would queue for the provider at the end instead of making it sooner. (On two cores shared
 * with the page's extraction, the server's decoding lags, and bench:pipeline still sees about four
 * chunks a part cut in the last seconds: two rounds of requests.)
 */
export const TAIL_CHUNK_MS = 120_000

/**
 * A chunk's target near the end of a part whose length is about known (`expectedMs`): at most half
 * of what is left, down to TAIL_CHUNK_MS, so the chunks still to transcribe once the last bytes
 * arrive are short (each chunk's encoding and transcription grow with its length, and the part's
 * end comes sooner the less is left). What is left under 1.5 × TAIL_CHUNK_MS stays one chunk, never
 * a sliver. Past the expected end (a recording longer than said) the usual target applies.
 */
export function tailTarget(target: number, startMs: number, expectedMs: number | undefined): number {
  if (expectedMs === undefined) return target
  const left = expectedMs - startMs
  if (left <= 0) return target
  if (left < 1.5 * TAIL_CHUNK_MS) return Math.min(target, left + TAIL_CHUNK_MS)
  return Math.min(target, Math.max(TAIL_CHUNK_MS, Math.ceil(left / 2)))
}

/** About how many chunks a recording of `durationMs` is cut into (the estimate's figure). */
export function liveChunkCount(durationMs: number): number {
  let count = 0
  for (let at = 0; at < durationMs; count++) at += liveTarget(count)
  return Math.max(1, count)
}

/**
 * Cuts one stretch of audio (a part of a recording, times relative to it) into chunks as it is
 * decoded. Rules: a chunk is cut once `targetFor(n)` past its start has been decoded, in the
 * longest silence before the target (plan.ts cutAfter), targets shrinking near the part's expected
 * end (tailTarget); when the audio is final, what is left is the last chunk (none when nothing is
 * left). A resumed run starts after the chunks it knows.
 */
export class LivePlanner {
  private start: number
  private count: number
  private isDone = false

  constructor(
    private readonly targetFor: (n: number) => number = liveTarget,
    resume: { fromMs: number; chunks: number } = { fromMs: 0, chunks: 0 },
    /** The part's length as expected (the next part's start, or the recording's declared length). */
    private readonly expectedMs?: number,
  ) {
    this.start = resume.fromMs
    this.count = resume.chunks
  }

  /** The chunks the audio decoded so far completes (`final`: nothing more will come). */
  next({ decodedMs, silences, final }: { decodedMs: number; silences: readonly { startMs: number; endMs: number }[]; final: boolean }): ChunkPlan[] {
    const cut: ChunkPlan[] = []
    if (this.isDone) return cut
    for (;;) {
      const target = tailTarget(this.targetFor(this.count), this.start, this.expectedMs)
      const remaining = decodedMs - this.start
      if (remaining > target || (!final && remaining >= target)) {
        const end = cutAfter(this.start, silences, target)
        cut.push({ startMs: this.start, endMs: end })
        this.start = end
        this.count++
        continue
      }
      if (final) {
        if (decodedMs > this.start) cut.push({ startMs: this.start, endMs: decodedMs })
        this.isDone = true
      }
      break
    }
    return cut
  }
}
