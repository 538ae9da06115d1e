import { describe, expect, it } from 'vitest'
import { countScripts, isJapaneseByKana, isTraditionalChinese } from '@/lib/languages/scripts'

describe('countScripts', () => {
  it('counts letters per script', () => {
    expect(countScripts('Hi 你好 かな 한국 سلام ไทย Мир שלום नमस्ते')).toMatchObject({
      latin: 2, han: 2, kana: 2, hangul: 2, arabic: 4, thai: 3, cyrillic: 3, hebrew: 4,
    })
  })

  it('does not count the shared prolonged sound mark as kana', () => {
    expect(countScripts('ー・').kana).toBe(0)
  })
})

describe('isJapaneseByKana', () => {
  it('needs kana to be at least 5% of Han and kana', () => {
    expect(isJapaneseByKana(countScripts('内閣総理大臣記者会見の記録'))).toBe(true)
    expect(isJapaneseByKana(countScripts('我们今天晚上去哪里吃饭我不知道你决定吧那我们去吃火锅怎么样我の'))).toBe(false)
    expect(isJapaneseByKana(countScripts('你好'))).toBe(false)
  })
})

describe('isTraditionalChinese', () => {
  it('compares frequent script-specific characters', () => {
    expect(isTraditionalChinese('我們這個時候說什麼都沒用')).toBe(true)
    expect(isTraditionalChinese('我们这个时候说什么都没用')).toBe(false)
    // Too little evidence: stays Simplified.
    expect(isTraditionalChinese('你們好')).toBe(false)
  })
})
