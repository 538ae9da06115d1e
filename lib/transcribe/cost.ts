// The price of a recording (docs/billing.md): 10 points per started minute to transcribe it, and
// 10 more per started minute when it is also translated.
import { CODEC_PADDING_MS } from './limits'

export const POINTS_PER_MINUTE_TRANSCRIBED = 10
export const POINTS_PER_MINUTE_TRANSLATED = 10

/** Minutes billed: each started minute, past the codec's padding (a 2:00.0065 recording is 2 minutes). */
export function billedMinutes(durationMs: number): number {
  return Math.max(1, Math.ceil(Math.max(0, durationMs - CODEC_PADDING_MS) / 60_000))
}

export function transcriptionCost(durationMs: number, { translated }: { translated: boolean }): number {
  const minutes = billedMinutes(durationMs)
  return minutes * (POINTS_PER_MINUTE_TRANSCRIBED + (translated ? POINTS_PER_MINUTE_TRANSLATED : 0))
}
