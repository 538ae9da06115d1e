// The price of a recording (docs/billing.md): 10 points per started minute to transcribe it, and
// 10 more per started minute when it is also translated (5 more with the review pass). Pure: the
// upload dialog shows it from the length the browser reads, before the server has decoded anything.
import { POINTS_PER_MINUTE, REVIEW_POINTS_PER_MINUTE } from '@/lib/pricing'
import { CODEC_PADDING_MS } from './limits'

export const POINTS_PER_MINUTE_TRANSCRIBED = 10
/** A minute translated costs what a minute of a subtitle file does, and its review pass the same as a file's. */
export const POINTS_PER_MINUTE_TRANSLATED = POINTS_PER_MINUTE
export const POINTS_PER_MINUTE_REVIEWED = REVIEW_POINTS_PER_MINUTE

/** Minutes billed: each started minute, past the codec's padding (a 2:00.0065 recording is 2 minutes). */
export function billedMinutes(durationMs: number): number {
  return Math.max(1, Math.ceil(Math.max(0, durationMs - CODEC_PADDING_MS) / 60_000))
}

/** The longest decoded sound `minutes` billed minutes pay for (the codec's padding on top). */
export function coveredMs(minutes: number): number {
  return minutes * 60_000 + CODEC_PADDING_MS
}

export function transcriptionCost(durationMs: number, { translated }: { translated: boolean }): number {
  const minutes = billedMinutes(durationMs)
  return minutes * (POINTS_PER_MINUTE_TRANSCRIBED + (translated ? POINTS_PER_MINUTE_TRANSLATED : 0))
}

/** A recording's whole price and the review pass's share of it (the review only with a translation). */
export function transcriptionPrice(durationMs: number, { translated, review }: { translated: boolean; review: boolean }): { cost: number; reviewCost: number } {
  const reviewCost = translated && review ? billedMinutes(durationMs) * POINTS_PER_MINUTE_REVIEWED : 0
  return { cost: transcriptionCost(durationMs, { translated }) + reviewCost, reviewCost }
}
