import { describe, expect, it } from 'vitest'
import { mapWithConcurrency } from './pool'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('mapWithConcurrency', () => {
  it('keeps input order and the limit', async () => {
    let running = 0
    let peak = 0
    const out = await mapWithConcurrency([30, 5, 20, 1, 10], 2, async (ms, i) => {
      peak = Math.max(peak, ++running)
      await tick(ms)
      running -= 1
      return i
    })
    expect(out).toEqual([0, 1, 2, 3, 4])
    expect(peak).toBe(2)
  })

  it('rejects on the first failure and starts nothing after it', async () => {
    const started: number[] = []
    const run = mapWithConcurrency([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n)
      await tick(5)
      if (n === 2) throw new Error('boom')
      await tick(20)
      return n
    })
    await expect(run).rejects.toThrow('boom')
    await tick(40)
    expect(started).toEqual([1, 2])
  })
})
