// Where a long recording is cut for the speech-to-text provider. Pure, so it is unit tested.

export type ChunkPlan = { startMs: number; endMs: number }
type Span = { startMs: number; endMs: number }

/** About 10 minutes a chunk: a provider's 25 MB holds far more, but smaller chunks run in parallel. */
export const CHUNK_TARGET_MS = 10 * 60_000
/** How far before the target a cut may move back to land in a silence. */
const SEARCH_MS = 2 * 60_000

/**
 * Where the chunk starting at `start` ends when it would reach `targetMs`: in the middle of the
 * longest silence of the last two minutes before the target (half the target for a short one), so
 * no word is cut in two; at the target itself when no silence comes there.
 */
export function cutAfter(start: number, silences: readonly Span[], targetMs: number): number {
  const limit = start + targetMs
  const from = limit - Math.min(SEARCH_MS, targetMs / 2)
  let best: { at: number; length: number } | null = null
  for (const s of silences) {
    const a = Math.max(s.startMs, from)
    const b = Math.min(s.endMs, limit)
    if (b - a <= 0) continue
    if (!best || b - a > best.length) best = { at: Math.round((a + b) / 2), length: b - a }
  }
  return best ? best.at : limit
}

/**
 * Cuts `[0, durationMs)` into chunks of at most CHUNK_TARGET_MS, each cut in the middle of the
 * longest silence of the last two minutes before the target, so no word is cut in two; only a
 * recording with no silence there is cut at the target itself. A recording of up to 10 minutes is
 * one chunk.
 */
export function planChunks(durationMs: number, silences: readonly Span[], targetMs = CHUNK_TARGET_MS): ChunkPlan[] {
  const chunks: ChunkPlan[] = []
  let start = 0
  while (durationMs - start > targetMs) {
    const cut = cutAfter(start, silences, targetMs)
    chunks.push({ startMs: start, endMs: cut })
    start = cut
  }
  chunks.push({ startMs: start, endMs: durationMs })
  return chunks
}
