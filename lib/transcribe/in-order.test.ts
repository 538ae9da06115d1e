import { describe, expect, it } from 'vitest'
import { inOrder } from './in-order'

describe('inOrder', () => {
  it('lets a chunk go once every chunk before it is done and every part before its own is cut whole', async () => {
    const order = inOrder(100)
    const went: number[] = []
    const go = (index: number) => order.turn(index).then(() => went.push(index))
    order.planned(0)
    order.planned(1)
    const waiting = [go(1), go(100)]
    await go(0)
    expect(went).toEqual([0])
    order.done(0)
    await waiting[0]
    // Part 0 may still cut a chunk 2: the second part's first waits.
    order.done(1)
    await Promise.resolve()
    expect(went).toEqual([0, 1])
    order.partDone(0)
    await waiting[1]
    expect(went).toEqual([0, 1, 100])
  })
})
