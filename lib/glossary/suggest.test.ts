import { describe, expect, it } from 'vitest'
import { countMatchingEntries, suggestTerms } from './suggest'

describe('suggestTerms', () => {
  it('finds recurring capitalised names used inside sentences, not sentence-first words', () => {
    const texts = ['Where is Haruka?', 'Tell Haruka I said hi.', 'Because we can.', 'Because I said so.', 'We met Captain Mori at <i>Tokyo Station</i>.', 'Is Captain Mori late?', 'I know Tokyo Station well.']
    expect(suggestTerms(texts)).toEqual([
      { term: 'Captain Mori', count: 2 },
      { term: 'Haruka', count: 2 },
      { term: 'Tokyo Station', count: 2 },
    ])
  })

  it('finds katakana terms and kanji names before honorifics, Japanese and Chinese', () => {
    const texts = ['ハルカ、待って！', 'ハルカはどこ？', '田中さん、おはよう。', 'ねえ、田中さん。', '王老师来了。', '王老师好。', 'ー・ー', 'ー・ー']
    expect(suggestTerms(texts)).toEqual([
      { term: 'ハルカ', count: 2 },
      { term: '王', count: 2 },
      { term: '田中', count: 2 },
    ])
  })

  it('leaves out single occurrences and terms already in the glossary', () => {
    expect(suggestTerms(['Ask Haruka.', 'Ask Haruka.', 'Ask Ren.'], { exclude: ['haruka'] })).toEqual([])
  })
})

describe('countMatchingEntries', () => {
  it('counts entries whose term occurs, per target language, honouring the source language', () => {
    const entries = [
      { term: 'haruka', targetLanguage: 'ja', sourceLanguage: null },
      { term: 'Tokyo', targetLanguage: 'ja', sourceLanguage: 'en' },
      { term: 'Tokyo', targetLanguage: 'zh-CN', sourceLanguage: 'fr' },
      { term: 'Osaka', targetLanguage: 'ja', sourceLanguage: null },
    ]
    expect(countMatchingEntries(entries, ['Haruka went to Tokyo.'], 'en')).toEqual({ ja: 2 })
  })
})
