// The price of a recording (docs/billing.md): 10 points per started minute to transcribe it, and
// 10 more per started minute when it is also translated.

export const POINTS_PER_MINUTE_TRANSCRIBED = 10
export const POINTS_PER_MINUTE_TRANSLATED = 10

export function transcriptionCost(durationMs: number, { translated }: { translated: boolean }): number {
  const minutes = Math.max(1, Math.ceil(durationMs / 60_000))
  return minutes * (POINTS_PER_MINUTE_TRANSCRIBED + (translated ? POINTS_PER_MINUTE_TRANSLATED : 0))
}
