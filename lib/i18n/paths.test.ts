import { describe, expect, it } from 'vitest'
import { localizedPath, pagePath, stripLocale } from './paths'

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

describe('pagePath', () => {
  it('reads the same path from a prerendered route and from the address bar', () => {
    expect(pagePath('/intl/ja-JP/about')).toBe('/about')
    expect(pagePath('/ja-JP/about')).toBe('/about')
    expect(pagePath('/cn/zh-CN')).toBe('/')
    expect(pagePath('/about')).toBe('/about')
    expect(pagePath('/intl/about')).toBe('/intl/about')
  })
})
