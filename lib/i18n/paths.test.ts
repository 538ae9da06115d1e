import { describe, expect, it } from 'vitest'
import { localizedPath, stripLocale } from './paths'

describe('localizedPath', () => {
  it('keeps the host default locale at clean paths and prefixes the others', () => {
    expect(localizedPath('zh-CN', '/about', 'zh-CN')).toBe('/about')
    expect(localizedPath('ja-JP', '/about', 'en-US')).toBe('/ja-JP/about')
    expect(localizedPath('en-US', '/', 'zh-CN')).toBe('/en-US')
  })
  it('strips locale prefixes', () => {
    expect(stripLocale('/ja-JP/about')).toBe('/about')
    expect(stripLocale('/ja-JP')).toBe('/')
    expect(stripLocale('/ja-JPX')).toBe('/ja-JPX')
  })
})
