// Chunks cut while a recording's sound is still arriving: cut at silences as plan.ts
// cuts, each decided as soon as the audio up to it has been decoded, so the chunk can go to the
// provider while later audio is still on its way. Pure, so it is unit tested.
import { cutAfter, type ChunkPlan } from './plan'

/**
 * How long chunks are. The provider's free request slots pull them: a chunk is cut as soon as a
 * slot is free and `minMs` of new sound is decoded, so no chunk waits in a queue for a slot; while
 * every slot is busy it grows, up to `maxMs`. Each request costs the provider's latency (about 2 s)
 * whatever its length, so the chunks are as few as keep the slots busy; and when the sound ends,
 * what is left goes in as many pieces as there are free slots: one last round of requests.
 * (bench:pipeline, 60 minutes streamed: with fixed 5-minute chunks, eight were still queued or
 * uncut when the browser had read the file, two rounds at the end.)
 */
export type ChunkSizing = { minMs: number; maxMs: number }

/** Two minutes at least (the first answers within seconds of the pick, and a language is heard on it), ten at most (16 kHz FLAC under 20 MB, a provider takes 25). */
export const LIVE_SIZING: ChunkSizing = { minMs: 2 * 60_000, maxMs: 10 * 60_000 }

/** Chunks of one length whatever the provider is doing (tests that need many chunks from little sound). */
export const fixedSizing = (ms: number): ChunkSizing => ({ minMs: ms, maxMs: ms })

/** Requests to the provider at once unless STT_CONCURRENCY says otherwise: the estimate's assumption. */
const ESTIMATE_SLOTS = 4

/** About how many chunks a recording of `durationMs` is cut into when its sound comes all at once (a file): the estimate's figure. */
export function liveChunkCount(durationMs: number): number {
  return Math.max(1, new LivePlanner().next({ decodedMs: durationMs, silences: [], final: true, free: ESTIMATE_SLOTS }).length)
}

/**
 * Cuts one stretch of audio (a part of a recording, times relative to it) into chunks as it is
 * decoded. Rules: `free` is how many chunks the caller could send at once now; a chunk is cut at
 * the longest silence near the end of what is decoded (plan.ts cutAfter) once `maxMs` is decoded
 * past its start, or once `minMs` is and a slot is free; when the audio is final, what is left is
 * cut in even pieces, one per free slot but none under `minMs` nor over `maxMs` (at least one; none
 * when nothing is left). A resumed run starts after the chunks it knows.
 */
export class LivePlanner {
  private start: number
  private isDone = false

  constructor(
    private readonly sizing: ChunkSizing = LIVE_SIZING,
    resume: { fromMs: number } = { fromMs: 0 },
  ) {
    this.start = resume.fromMs
  }

  /** The chunks the audio decoded so far completes (`final`: nothing more will come). */
  next({ decodedMs, silences, final, free = 0 }: { decodedMs: number; silences: readonly { startMs: number; endMs: number }[]; final: boolean; free?: number }): ChunkPlan[] {
    const { minMs, maxMs } = this.sizing
    const cut: ChunkPlan[] = []
    if (this.isDone) return cut
    let room = free
    for (;;) {
      const remaining = decodedMs - this.start
      let target: number
      if (final) {
        const pieces = Math.max(1, Math.ceil(remaining / maxMs), Math.min(room, Math.floor(remaining / minMs)))
        if (pieces === 1) {
          if (remaining > 0) cut.push({ startMs: this.start, endMs: decodedMs })
          this.isDone = true
          break
        }
        target = remaining / pieces
      } else if (remaining >= maxMs) target = maxMs
      else if (room > 0 && remaining >= minMs) target = remaining
      else break
      const end = cutAfter(this.start, silences, target)
      cut.push({ startMs: this.start, endMs: end })
      this.start = end
      room = Math.max(0, room - 1)
    }
    return cut
  }
}
