import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { reflowCue } from '@/lib/subtitles/reflow'
import { reflowBreaches } from '@/lib/subtitles/reflow-rules'

describe('reflowCue', () => {
  it('keeps a cue that fits on one line as one line, joining the provider\'s break', () => {
    expect(reflowCue('Where did\nthe ferry go?', 'en')).toBe('Where did the ferry go?')
    expect(reflowCue('我不知道\n你在说什么', 'zh-CN')).toBe('我不知道你在说什么')
  })

  it('breaks English after punctuation, else before a phrase, never inside a word', () => {
    expect(reflowCue('We need to get out of here before the guards come back.', 'en')).toBe('We need to get out of here\nbefore the guards come back.')
    expect(reflowCue('I know, I know. We have been over this a hundred times.', 'en')).toBe('I know, I know.\nWe have been over this a hundred times.')
    expect(reflowCue('Supercalifragilisticexpialidocious is a very long word indeed, darling.', 'en').split('\n')).toEqual(['Supercalifragilisticexpialidocious is', 'a very long word indeed, darling.'])
  })

  it('does not end a line with an article or a preposition', () => {
    const out = reflowCue('He said that the documents were hidden in the basement of the old church.', 'en')
    expect(out.split('\n')[0]).not.toMatch(/\b(the|of|in|that)$/)
  })

  it('breaks Chinese after a comma and by phrase', () => {
    expect(reflowCue('我们明天一起去公园散步吧，好不好呀？', 'zh-CN')).toBe('我们明天一起去公园散步吧，\n好不好呀？')
    expect(reflowCue('我們明天一起去公園散步吧，好不好呀？', 'zh-HK')).toBe('我們明天一起去公園散步吧，\n好不好呀？')
    const phrase = reflowCue('你知道他昨天晚上到底去了什么地方吗', 'zh-CN')
    expect(phrase.split('\n')).toHaveLength(2)
    expect(reflowBreaches('你知道他昨天晚上到底去了什么地方吗', phrase, 'zh-CN')).toEqual([])
  })

  it('breaks Japanese by phrase, never before a small kana, a long vowel mark or a closing bracket', () => {
    expect(reflowCue('私はそのことについてまったく知りませんでした', 'ja')).toBe('私はそのことについて\nまったく知りませんでした')
    expect(reflowCue('「ちょっと待って」と彼女は言った。', 'ja')).toBe('「ちょっと待って」と\n彼女は言った。')
    for (const text of ['ちょっとちょっとちょっとちょっとちょっと', 'コーヒーコーヒーコーヒーコーヒー', '「あああああああああああああ」「いいいい」']) {
      const lines = reflowCue(text, 'ja').split('\n')
      for (const line of lines.slice(1)) expect(line[0]).not.toMatch(/[っゃゅょッャュョー」』）、。]/)
      for (const line of lines.slice(0, -1)) expect(line.at(-1)).not.toMatch(/[「『（]/)
    }
  })

  it('keeps a two-speaker dialogue on its speaker lines', () => {
    expect(reflowCue('- Where are you going at this hour of the night?\n- Out.', 'en')).toBe('- Where are you going at this hour of the night?\n- Out.')
  })

  it('keeps markup with the text it wraps', () => {
    expect(reflowCue('<i>We need to get out of here before the guards come back.</i>', 'en')).toBe('<i>We need to get out of here\nbefore the guards come back.</i>')
    expect(reflowCue('<i>We need to get out of here</i> before the guards come back.', 'en')).toBe('<i>We need to get out of here</i>\nbefore the guards come back.')
  })

  it('writes a text too long for two lines on two lines all the same', () => {
    const long = 'This sentence is much too long to fit in two lines of forty-two characters, however it is broken up.'
    expect(reflowCue(long, 'en').split('\n')).toHaveLength(2)
  })
})

// Random texts built from pieces each language's subtitles are made of: words, punctuation,
// brackets, small kana, long vowel marks, numbers, markup, and the provider's own line breaks.
const EN = ['we', 'need', 'to', 'go', 'the', 'ferry', 'left', 'at', 'midnight', 'and', 'nobody', 'saw', 'it', 'Supercalifragilistic', 'well-known', '1,000', 'of', 'a', 'harbour', 'lights']
const EN_PUNCT = [',', '.', '!', '?', ':', ';', '...', '"']
const ZH = ['我们', '明天', '一起', '去', '公园', '散步', '你', '知道', '他', '昨天', '晚上', '到底', '哪里', '渡轮', '港口', 'iPhone', '2026', '“', '”', '（', '）', '《', '》', '，', '。', '！', '？', '、', '……']
const JA = ['私', 'は', 'その', 'ことに', 'ついて', 'まったく', '知りません', 'でした', 'ちょっと', 'っ', 'ゃ', 'コーヒー', 'ー', 'フェリー', '「', '」', '『', '』', '（', '）', '、', '。', '！', '？', '…', '東京', 'ね']
const MARKUP = ['<i>', '</i>', '{\\an8}']

const textOf = (pieces: string[], joiner: string) =>
  fc.array(fc.oneof({ arbitrary: fc.constantFrom(...pieces), weight: 12 }, { arbitrary: fc.constantFrom('\n', ...MARKUP), weight: 1 }), { minLength: 1, maxLength: 40 }).map((parts) => parts.join(joiner))
const english = fc
  .array(fc.tuple(fc.constantFrom(...EN), fc.option(fc.constantFrom(...EN_PUNCT), { freq: 4 }), fc.option(fc.constantFrom('\n', '<i>', '</i>'), { freq: 8 })), { minLength: 1, maxLength: 22 })
  .map((words) => words.map(([w, p, m]) => `${m === '<i>' ? m : ''}${w}${p ?? ''}${m === '</i>' ? m : ''}${m === '\n' ? '\n' : ' '}`).join(''))

describe('reflowCue over random texts', () => {
  for (const [language, texts] of [
    ['en', english],
    ['fr', english],
    ['zh-CN', textOf(ZH, '')],
    ['zh-HK', textOf(ZH, '')],
    ['ja', textOf(JA, '')],
    ['ko', textOf(['우리는', '내일', '공원에', '갈', '거야', '，', '.', '?'], ' ')],
  ] as const) {
    it(`follows the rule in ${language}`, () => {
      fc.assert(
        fc.property(texts, (text) => {
          expect(reflowBreaches(text, reflowCue(text, language), language)).toEqual([])
        }),
        { numRuns: 600 },
      )
    })
  }

  it('keeps every character of any text, on at most two lines, for any language', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('en', 'zh-CN', 'ja', 'th', 'ko'), (text, language) => {
        const out = reflowCue(text, language)
        expect(out.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''))
        expect(out.split('\n').length).toBeLessThanOrEqual(2)
      }),
      { numRuns: 1000 },
    )
  })
})
