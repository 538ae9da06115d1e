import { describe, expect, it } from 'vitest'
import { cueFit, fitChars } from '@/lib/subtitles/fit'

describe('cueFit', () => {
  it('a line that reads in time and breaks into two lines fits', () => {
    const fit = cueFit('We need to get out of here before the guards come back.', 3500, 'en')
    expect(fit).toMatchObject({ fits: true, fitsLines: true, fitsReading: true, chars: 54 })
  })

  it('a line faster than the language reads does not fit, though its lines would', () => {
    // 55 characters in 2 s: 27.5 a second, over English's 20.
    expect(cueFit('We need to get out of here before the guards come back.', 2000, 'en')).toMatchObject({ fits: false, fitsLines: true, fitsReading: false })
  })

  it('a line longer than two lines at the language\'s limit does not fit, however long the cue', () => {
    const long = 'This line runs on for far longer than two lines of forty-two characters could ever hold, and then some more.'
    expect(cueFit(long, 7000, 'en')).toMatchObject({ fits: false, fitsLines: false, fitsReading: true })
    expect(cueFit('我们明天一起去公园散步吧，好不好呀？你说呢？我觉得明天的天气应该会很好的。', 7000, 'zh-CN')).toMatchObject({ fits: false, fitsLines: false })
  })

  it('counts what a viewer reads: markup and line breaks are not characters', () => {
    expect(cueFit('<i>Hello\nthere.</i>', 1000, 'en').chars).toBe(12)
    expect(cueFit('{\\an8}你好', 1000, 'zh-CN').chars).toBe(2)
  })

  it('a cue without duration holds no text', () => {
    expect(cueFit('Hi.', 0, 'en')).toMatchObject({ fits: false, cps: Infinity })
    expect(cueFit('', 0, 'en')).toMatchObject({ fits: true, chars: 0 })
  })
})

describe('fitChars', () => {
  it('is what the reading speed allows in the cue\'s time, at most what two lines hold', () => {
    expect(fitChars(2000, 'en')).toBe(40)
    // Two lines of 42, less a tenth for breaking between words.
    expect(fitChars(7000, 'en')).toBe(75)
    expect(fitChars(2000, 'zh-CN')).toBe(18)
    expect(fitChars(7000, 'zh-CN')).toBe(32)
    expect(fitChars(2500, 'ja')).toBe(10)
  })

  it('a text within the count fits its cue', () => {
    for (const [text, ms, language] of [
      ['We should go now, before it gets dark.', 2000, 'en'],
      ['Wir sollten jetzt gehen, bevor es dunkel wird, und zwar sofort, ohne Pause.', 5000, 'de'],
      ['我们现在就走吧，趁天还没黑。', 2000, 'zh-CN'],
    ] as const) {
      expect(Array.from(text).length).toBeLessThanOrEqual(fitChars(ms, language))
      expect(cueFit(text, ms, language).fits).toBe(true)
    }
  })
})
