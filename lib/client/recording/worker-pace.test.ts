import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdEndsAt, holdFor, resetHolds, whenPageIsFree } from './worker-pace'

afterEach(() => {
  resetHolds()
  vi.useRealTimers()
})

describe('worker pace', () => {
  it('holds for the time asked, and takes no new hold before it has worked as long again', () => {
    holdFor(300, 1000)
    expect(holdEndsAt()).toBe(1300)
    // A second input during the hold does not stretch it.
    holdFor(300, 1200)
    expect(holdEndsAt()).toBe(1300)
    // Nor does one in the 300 ms of work owed after it.
    holdFor(300, 1500)
    expect(holdEndsAt()).toBe(1300)
    holdFor(300, 1600)
    expect(holdEndsAt()).toBe(1900)
  })

  it('lets work go on at once without a hold, and after the hold once it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
    await expect(whenPageIsFree()).resolves.toBeUndefined()
    holdFor(250)
    let isFree = false
    void whenPageIsFree().then(() => (isFree = true))
    await vi.advanceTimersByTimeAsync(200)
    expect(isFree).toBe(false)
    await vi.advanceTimersByTimeAsync(60)
    expect(isFree).toBe(true)
  })
})
