import { describe, expect, it } from 'vitest'
import { pageMetadata } from './metadata'

describe('pageMetadata', () => {
  it('gives each locale its owner origin and x-default the en-US URL', () => {
    const meta = pageMetadata({ locale: 'ja-JP', path: '/about', title: 't', description: 'd' })
    expect(meta.alternates?.canonical).toBe('http://intl.localhost/ja-JP/about')
    expect(meta.alternates?.languages).toEqual({
      'zh-CN': 'http://cn.localhost/about',
      'en-US': 'http://intl.localhost/about',
      'ja-JP': 'http://intl.localhost/ja-JP/about',
      'x-default': 'http://intl.localhost/about',
    })
  })
  it('keeps the home page at the origin root', () => {
    const meta = pageMetadata({ locale: 'zh-CN', path: '/', title: 't', description: 'd' })
    expect(meta.alternates?.canonical).toBe('http://cn.localhost')
  })
})
