import { describe, expect, it } from 'vitest'
import { formatPrice } from './format-price'

describe('formatPrice', () => {
  it('writes money the reader\'s way with the narrow currency sign', () => {
    expect(formatPrice(19.9, 'CNY', 'zh-CN')).toBe('¥19.90')
    expect(formatPrice(8.99, 'USD', 'en-US')).toBe('$8.99')
    expect(formatPrice('19.90', 'CNY', 'en-US')).toBe('¥19.90')
  })
  it('shows an amount in a currency Intl does not know as stored', () => {
    expect(formatPrice('19.90', 'not-a-code', 'en-US')).toBe('19.90 not-a-code')
  })
})
