import { describe, expect, it } from 'vitest'
import { formatMs, parseTime } from '@/lib/subtitles/time'

describe('formatMs', () => {
  it('writes HH:MM:SS,mmm', () => {
    expect(formatMs(0)).toBe('00:00:00,000')
    expect(formatMs(3_723_004)).toBe('01:02:03,004')
    expect(formatMs(59_999)).toBe('00:00:59,999')
  })
  it('uses a dot for WebVTT', () => {
    expect(formatMs(1_500, '.')).toBe('00:00:01.500')
  })
  it('keeps hours past 99 and clamps bad input to zero', () => {
    expect(formatMs(100 * 3_600_000)).toBe('100:00:00,000')
    expect(formatMs(-5)).toBe('00:00:00,000')
    expect(formatMs(Number.NaN)).toBe('00:00:00,000')
    expect(formatMs(1.6)).toBe('00:00:00,002')
  })
})

describe('parseTime', () => {
  it('reads comma and dot milliseconds', () => {
    expect(parseTime('00:00:01,500')).toBe(1_500)
    expect(parseTime('00:00:01.500')).toBe(1_500)
  })
  it('accepts 1-3 digit hours and short fractions as decimals', () => {
    expect(parseTime('1:02:03,4')).toBe(3_723_400)
    expect(parseTime('01:02:03,45')).toBe(3_723_450)
    expect(parseTime('100:00:00,000')).toBe(360_000_000)
    expect(parseTime('00:00:05')).toBe(5_000)
    expect(parseTime(' 00:00:05,000 ')).toBe(5_000)
  })
  it('drops digits finer than a millisecond', () => {
    expect(parseTime('00:00:01,2345')).toBe(1_234)
  })
  it('rejects malformed values', () => {
    for (const bad of ['', 'abc', '00:60:00,000', '00:00:60,000', '00:00:123', '00:00', '00:00:01,000x', '1000:00:00,000']) {
      expect(parseTime(bad), bad).toBeNull()
    }
  })
  it('round-trips with formatMs', () => {
    for (const ms of [0, 1, 999, 1_000, 59_999, 60_000, 3_599_999, 3_600_000, 359_999_999]) {
      expect(parseTime(formatMs(ms))).toBe(ms)
    }
  })
})
