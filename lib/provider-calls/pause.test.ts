import { beforeEach, describe, expect, it } from 'vitest'
import { clearPauses, MAX_PAUSE_MS, pauseLeft, pauseProvider, providerAnswered, waitForProvider } from './pause'

beforeEach(() => clearPauses())

describe('provider pauses', () => {
  it('honours Retry-After, else backs off 1 s, 2 s, 4 s until a request succeeds; never longer than the cap', () => {
    expect(pauseProvider('a', 3000)).toBe(3000)
    expect(pauseProvider('b', undefined)).toBe(1000)
    expect(pauseProvider('b', undefined)).toBe(2000)
    expect(pauseProvider('b', undefined)).toBe(4000)
    providerAnswered('b')
    expect(pauseProvider('b', undefined)).toBe(1000)
    expect(pauseProvider('c', 10 * 60_000)).toBe(MAX_PAUSE_MS)
  })

  it('a shorter pause never cuts a longer one short, and keys are separate', () => {
    pauseProvider('a', 3000)
    pauseProvider('a', 10)
    expect(pauseLeft('a')).toBeGreaterThan(2000)
    expect(pauseLeft('other')).toBe(0)
  })

  it('waiting sleeps out the pause plus a jitter of at most a quarter of it (and 500 ms), and only while paused', async () => {
    const slept: number[] = []
    const sleep = async (ms: number) => void slept.push(ms)
    await waitForProvider('a', sleep)
    expect(slept).toEqual([])
    pauseProvider('a', 2000)
    await waitForProvider('a', sleep, undefined, () => 0.999)
    expect(slept).toHaveLength(1)
    expect(slept[0]).toBeGreaterThan(1900)
    expect(slept[0]).toBeLessThanOrEqual(2500)
    await waitForProvider('b', sleep, undefined, () => 0)
    expect(slept).toHaveLength(1)
  })

  it('a pause extended while waiting is waited out too', async () => {
    const slept: number[] = []
    pauseProvider('a', 1000)
    let extended = false
    await waitForProvider('a', async (ms) => {
      slept.push(ms)
      if (!extended) {
        extended = true
        pauseProvider('a', 5000)
      }
    }, undefined, () => 0)
    expect(slept).toHaveLength(2)
    expect(slept[1]).toBeGreaterThan(4000)
  })
})
