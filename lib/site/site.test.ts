import { describe, expect, it } from 'vitest'
import { contactAddress, editionView, isEditionName, isLocalHost, normalizeHost, resolveEdition } from './index'

describe('resolveEdition', () => {
  it('gives the China host zh-CN, no switcher, WeChat and the licence line', () => {
    const e = resolveEdition('cn.localhost:3000')
    expect(e).toMatchObject({ name: 'cn', defaultLocale: 'zh-CN', showLanguageSwitcher: false, googleLogin: false, wechatLogin: true, showLicenceLine: true })
  })
  it('gives the international host en-US, the switcher and Google, no licence line', () => {
    const e = resolveEdition('INTL.localhost')
    expect(e).toMatchObject({ name: 'intl', defaultLocale: 'en-US', showLanguageSwitcher: true, googleLogin: true, wechatLogin: false, showLicenceLine: false })
  })
  it('treats localhost and unknown hosts as development hosts', () => {
    expect(resolveEdition('localhost:3000')).toMatchObject({ name: 'dev', defaultLocale: 'zh-CN', showLanguageSwitcher: true, showLicenceLine: true, cardPayment: true })
    expect(resolveEdition('example.com').cardPayment).toBe(false)
  })
  it('normalises forwarded and IPv6 hosts', () => {
    expect(normalizeHost('a.example, b.example')).toBe('a.example')
    expect(normalizeHost('[::1]:3000')).toBe('[::1]')
  })
})

describe('editions in the path', () => {
  it('gives each edition name the host-independent part of what its host resolves to', () => {
    for (const host of ['cn.localhost', 'intl.localhost', 'localhost']) {
      const { cardPayment: _card, ...view } = resolveEdition(host)
      expect(editionView(view.name)).toEqual(view)
    }
    expect(isEditionName('intl')).toBe(true)
    expect(isEditionName('zh-CN')).toBe(false)
  })
  it('gives local and development hosts the fixed contact address', () => {
    expect(contactAddress('cn')).toBe('support@subtitle-studio.example')
    expect(contactAddress('dev')).toBe('support@subtitle-studio.example')
  })
})

describe('isLocalHost', () => {
  it('is this machine by name or loopback address, nothing else', () => {
    for (const host of ['localhost', 'cn.localhost', '127.0.0.1', '[::1]']) expect(isLocalHost(host), host).toBe(true)
    for (const host of ['example.com', 'localhost.example.com', '10.0.0.1', '127.0.0.2', '']) expect(isLocalHost(host), host).toBe(false)
  })
})
