import { describe, expect, it } from 'vitest'
import { byNumber, isOneLineName, nextLabel, oneLineName, speakerLabel, speakerNumber } from '.'

describe('speaker labels', () => {
  it('numbers labels from 1 and reads the number back', () => {
    expect(speakerLabel(3)).toBe('S3')
    expect(speakerNumber('S12')).toBe(12)
    expect(speakerNumber('Ada')).toBe(0)
  })

  it('orders labels by number, not as text', () => {
    expect(['S10', 'S2', 'S1'].sort(byNumber)).toEqual(['S1', 'S2', 'S10'])
  })

  it('gives a new voice the first free label from where the count stands', () => {
    expect(nextLabel(new Set(['S1', 'S2']), 1)).toEqual({ label: 'S3', next: 4 })
    expect(nextLabel(new Set(['S1', 'S3']), 2)).toEqual({ label: 'S2', next: 3 })
  })
})

describe('speaker names', () => {
  it('keeps a name on one line', () => {
    expect(oneLineName('Ada\n00:00:01,000 --> 00:00:02,000\u2028Lovelace')).toBe('Ada 00:00:01,000 --> 00:00:02,000 Lovelace')
    expect(isOneLineName('Ada Lovelace')).toBe(true)
    expect(isOneLineName('Ada\rLovelace')).toBe(false)
  })
})
