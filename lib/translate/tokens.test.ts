import { describe, expect, it } from 'vitest'
import { estimateTokens, normaliseText, planBatches } from './tokens'

describe('token budget batches', () => {
  it('counts a CJK character as a token and three other characters as one', () => {
    expect(estimateTokens('ハルカ、行こう')).toBe(7)
    expect(estimateTokens('Where are you?')).toBe(5)
  })

  it('normalises whitespace only', () => {
    expect(normaliseText('  Run,\n  Forest!  ')).toBe('Run, Forest!')
    expect(normaliseText('Run')).not.toBe(normaliseText('run'))
  })

  it('makes the fewest batches within the budget and the cap, spread evenly', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i)
    const batches = planBatches(items, () => 20, { budget: 1000, maxItems: 60 })
    expect(batches).toHaveLength(20)
    expect(batches.flat()).toEqual(items)
    for (const batch of batches) expect(batch.length).toBe(50)
    expect(planBatches(items, () => 1, { budget: 1000, maxItems: 60 })).toHaveLength(17)
  })

  it('keeps uneven items within the budget, gives an oversized item a batch of its own, honours a fixed size', () => {
    const sizes = [5, 900, 5, 5, 300, 300, 300, 5, 2000, 5]
    const batches = planBatches(sizes, (n) => n, { budget: 1000, maxItems: 60 })
    expect(batches.flat()).toEqual(sizes)
    for (const batch of batches) if (batch.length > 1) expect(batch.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000)
    expect(planBatches(sizes, (n) => n, { budget: 1000, maxItems: 60, fixedSize: 4 }).map((b) => b.length)).toEqual([4, 4, 2])
    expect(planBatches([], (n: number) => n, { budget: 1, maxItems: 1 })).toEqual([])
  })
})
