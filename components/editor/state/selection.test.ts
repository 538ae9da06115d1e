import { describe, expect, it } from 'vitest'
import { clickSelection, emptySelection } from './selection'

describe('row selection', () => {
  const ids = [10, 11, 12, 13, 14]
  it('selects one, extends a range with Shift and toggles with Ctrl', () => {
    let s = clickSelection(emptySelection, ids, 1, { shift: false, toggle: false })
    expect([...s.ids]).toEqual([11])
    s = clickSelection(s, ids, 3, { shift: true, toggle: false })
    expect([...s.ids].sort()).toEqual([11, 12, 13])
    s = clickSelection(s, ids, 0, { shift: false, toggle: true })
    expect([...s.ids].sort()).toEqual([10, 11, 12, 13])
    s = clickSelection(s, ids, 2, { shift: false, toggle: true })
    expect([...s.ids].sort()).toEqual([10, 11, 13])
  })
})
