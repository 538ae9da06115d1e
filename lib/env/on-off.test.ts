import { describe, expect, it } from 'vitest'
import { isOn, OFF_VALUES, ON_VALUES } from './on-off'

describe('isOn', () => {
  it('reads 1, true, on and yes as on, in any case and with surrounding space', () => {
    for (const value of [...ON_VALUES, 'TRUE', ' Yes ', 'On']) expect(isOn(value), value).toBe(true)
  })
  it('reads the off values, anything else and nothing as off', () => {
    for (const value of [...OFF_VALUES, '', 'enabled', '2', null, undefined]) expect(isOn(value), String(value)).toBe(false)
  })
})
