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

/** About how many chunks a recording of `durationMs` is cut into (the estimate's figure). */
export function liveChunkCount(durationMs: number): number {
  let count = 0
  for (let at = 0; at < durationMs; count++) at += liveTarget(count)
  return Math.max(1, count)
}

/**
 * Cuts one stretch of audio (a part of a recording, times relative to it) into chunks as it is
 * decoded. Rules: a chunk is cut once `targetFor(n)` past its start has been decoded, in the
 * longest silence before the target (plan.ts cutAfter); when the audio is final, what is left is
 * the last chunk (none when nothing is left). A resumed run starts after the chunks it knows.
 */
export class LivePlanner {
  private start: number
  private count: number
  private isDone = false

  constructor(
    private readonly targetFor: (n: number) => number = liveTarget,
    resume: { fromMs: number; chunks: number } = { fromMs: 0, chunks: 0 },
  ) {
    this.start = resume.fromMs
    this.count = resume.chunks
  }

  /** The chunks the audio decoded so far completes (`final`: nothing more will come). */
  next({ decodedMs, silences, final }: { decodedMs: number; silences: readonly { startMs: number; endMs: number }[]; final: boolean }): ChunkPlan[] {
    const cut: ChunkPlan[] = []
    if (this.isDone) return cut
    for (;;) {
      const target = this.targetFor(this.count)
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
