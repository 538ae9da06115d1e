import { describe, expect, it } from 'vitest'
import { computeCost, estimateTranslationMs, MAX_UPLOAD_BYTES, POINTS_PER_MINUTE } from '@/lib/srt/cost'

const ending = (...endMs: number[]) => endMs.map((ms) => ({ endMs: ms }))

describe('computeCost', () => {
  it('charges 10 points per started minute of the last end time', () => {
    expect(computeCost(ending(1_000, 59_999))).toBe(10)
    expect(computeCost(ending(60_000))).toBe(10)
    expect(computeCost(ending(60_001))).toBe(20)
    expect(computeCost(ending(5_000, 3_600_000))).toBe(600)
    expect(computeCost(ending(1))).toBe(10)
  })

  it('is 0 with no cues or no duration', () => {
    expect(computeCost([])).toBe(0)
    expect(computeCost(ending(0))).toBe(0)
    expect(computeCost(ending(0, 0))).toBe(0)
    expect(computeCost(ending(Number.NaN, -5))).toBe(0)
  })

  it('uses the latest end when cues are out of order', () => {
    expect(computeCost(ending(130_000, 20_000))).toBe(30)
  })

  it('exposes the spec constants', () => {
    expect(POINTS_PER_MINUTE).toBe(10)
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880)
  })
})

describe('estimateTranslationMs', () => {
  it('is 0 for no segments', () => {
    expect(estimateTranslationMs(0)).toBe(0)
    expect(estimateTranslationMs(-3)).toBe(0)
  })

  it('grows with rounds of concurrent batches', () => {
    expect(estimateTranslationMs(1)).toBe(5_000)
    expect(estimateTranslationMs(40)).toBe(5_000)
    expect(estimateTranslationMs(41)).toBe(8_000)
    expect(estimateTranslationMs(1_000)).toBe(2_000 + 25 * 3_000)
  })

  it('accepts measured figures', () => {
    expect(estimateTranslationMs(100, { batchSize: 20, concurrency: 1, msPerBatch: 1_000, overheadMs: 0 })).toBe(5_000)
  })
})
