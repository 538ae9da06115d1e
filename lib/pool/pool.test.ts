import { describe, expect, it } from 'vitest'
import { createPool, eachWithConcurrency, keyedPool, mapWithConcurrency, PoolBusyError } from './pool'

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

describe('eachWithConcurrency', () => {
  it('works `limit` at once and reports every result once, never two reports at a time', async () => {
    let working = 0
    let peak = 0
    let reporting = 0
    let overlapped = false
    const reported: number[] = []
    await eachWithConcurrency(
      [30, 5, 20, 1, 10],
      3,
      async (ms) => {
        peak = Math.max(peak, ++working)
        await tick(ms)
        working -= 1
        return ms * 2
      },
      async (ms, doubled) => {
        overlapped ||= reporting > 0
        reporting += 1
        await tick(5)
        reported.push(doubled / 2)
        reporting -= 1
      },
    )
    expect(peak).toBe(3)
    expect(overlapped).toBe(false)
    expect(reported.sort((a, b) => a - b)).toEqual([1, 5, 10, 20, 30])
  })
})

describe('createPool', () => {
  it('holds `limit` at once and lets the others in in the order they asked', async () => {
    const pool = createPool(2)
    const order: number[] = []
    let peak = 0
    await Promise.all(
      [30, 10, 5, 5].map((ms, i) =>
        pool.run(async () => {
          peak = Math.max(peak, pool.busy)
          order.push(i)
          await tick(ms)
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3])
    expect(pool.busy).toBe(0)
  })

  it('refuses a slot at once when all are taken (tryTake), and frees it once', () => {
    const pool = createPool(1)
    const free = pool.tryTake()
    expect(() => pool.tryTake()).toThrow(PoolBusyError)
    free()
    free()
    expect(pool.busy).toBe(0)
  })
})

describe('keyedPool', () => {
  it('takes a slot of the key and one of all, or neither', async () => {
    const pool = keyedPool({ perKey: 1, inAll: 2 })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const running = [pool.tryRun('a', () => held), pool.tryRun('b', () => held)]
    await expect(pool.tryRun('a', async () => 1)).rejects.toThrow(PoolBusyError)
    await expect(pool.tryRun('c', async () => 1)).rejects.toThrow(PoolBusyError)
    release()
    await Promise.all(running)
    expect(await pool.tryRun('a', async () => 2)).toBe(2)
  })
})
