import { describe, expect, it } from 'vitest'
import { isSupportedLanguage, isTargetLanguage, LANGUAGES, TARGET_LANGUAGES } from '@/lib/languages/languages'

describe('languages', () => {
  it('lists the supported languages, auto first', () => {
    expect(LANGUAGES).toHaveLength(29)
    expect(LANGUAGES[0]).toBe('auto')
    expect(LANGUAGES).toContain('zh-HK')
  })

  it('never offers auto as a target', () => {
    expect(TARGET_LANGUAGES).toHaveLength(28)
    expect(TARGET_LANGUAGES).not.toContain('auto')
    expect(isTargetLanguage('auto')).toBe(false)
    expect(isTargetLanguage('ja')).toBe(true)
  })

  it('checks membership exactly', () => {
    expect(isSupportedLanguage('auto')).toBe(true)
    expect(isSupportedLanguage('zh-CN')).toBe(true)
    expect(isSupportedLanguage('zh-cn')).toBe(false)
    expect(isSupportedLanguage('xx')).toBe(false)
    expect(isSupportedLanguage(42)).toBe(false)
  })
})
