import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCues, type TimedWord } from './build'
import { checkCues } from './check'
import { captionLimits, MAX_CUE_MS } from './rules'

const LATIN = ['the', 'a', 'house', 'river', 'went', 'quickly', 'and', 'Paris,', 'yesterday.', 'remarkable', 'we', 'saw', 'an', 'old', 'friend?']
const CHINESE = ['我们', '今天', '去', '公园', '，', '然后', '吃饭', '。', '大家', '都', '很', '开心']

/** Speech as a speaker makes it: words of 80–900 ms with gaps of 0–1500 ms. */
const speech = (vocabulary: string[]) =>
  fc.array(fc.record({ word: fc.constantFrom(...vocabulary), ms: fc.integer({ min: 80, max: 900 }), gap: fc.integer({ min: 0, max: 1500 }) }), { minLength: 1, maxLength: 80 }).map((items) => {
    let at = 0
    return items.map(({ word, ms, gap }): TimedWord => {
      const w = { text: word, startMs: at + gap, endMs: at + gap + ms }
      at = w.endMs
      return w
    })
  })

describe('buildCues (properties)', () => {
  for (const [language, vocabulary] of [['en', LATIN], ['de', LATIN], ['zh-CN', CHINESE], ['ja', CHINESE]] as const) {
    it(`${language}: every word once, in order, in cues that obey the rules`, () => {
      fc.assert(
        fc.property(speech(vocabulary), (words) => {
          const cues = buildCues(words, language)
          const separator = language === 'zh-CN' || language === 'ja' ? '' : ' '
          expect(cues.map((c) => c.text.replace(/\n/g, separator)).join(separator)).toBe(words.map((w) => w.text).join(separator))
          for (let i = 0; i < cues.length; i++) {
            expect(cues[i].endMs).toBeGreaterThan(cues[i].startMs)
            if (i > 0) expect(cues[i].startMs).toBeGreaterThanOrEqual(cues[i - 1].endMs)
          }
          // Rules a word's own length can force (a single word of 7 s, a cue too fast with no silence) aside.
          const limits = captionLimits(language)
          const violations = checkCues(cues, language).filter((v) => v.rule !== 'minDuration' && v.rule !== 'readingSpeed')
          expect(violations).toEqual([])
          expect(cues.every((c) => c.endMs - c.startMs <= MAX_CUE_MS && c.text.split('\n').length <= limits.maxLines)).toBe(true)
        }),
        { numRuns: 300 },
      )
    })
  }

  it('a cue is never shorter than 5/6 s nor read too fast when the silence after it leaves room', () => {
    fc.assert(
      fc.property(speech(LATIN), (words) => {
        expect(checkCues(buildCues(words, 'en'), 'en').filter((v) => v.rule === 'minDuration' || v.rule === 'readingSpeed')).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})
