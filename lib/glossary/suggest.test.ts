import { describe, expect, it } from 'vitest'
import { countMatchingEntries, suggestTerms } from './suggest'

// Cues two seconds apart, as suggestions read them.
const cues = (...texts: string[]) => texts.map((text, i) => ({ text, startMs: i * 2000 }))
const terms = (list: { term: string; count: number }[]) => list.map(({ term, count }) => ({ term, count }))

describe('suggestTerms', () => {
  it('finds recurring capitalised names used inside sentences, not sentence-first words, each with its first cue', () => {
    const texts = cues('Where is Haruka?', 'Tell Haruka I said hi.', 'Because we can.', 'Because I said so.', 'We met Captain Mori at <i>Tokyo Station</i>.', 'Is Captain Mori late?', 'I know Tokyo Station well.')
    expect(suggestTerms(texts)).toEqual([
      { term: 'Captain Mori', count: 2, first: { cue: 5, startMs: 8000 } },
      { term: 'Haruka', count: 2, first: { cue: 1, startMs: 0 } },
      { term: 'Tokyo Station', count: 2, first: { cue: 5, startMs: 8000 } },
    ])
  })

  it('finds katakana terms and kanji names before honorifics, Japanese and Chinese', () => {
    const texts = cues('ハルカ、待って！', 'ハルカはどこ？', '田中さん、おはよう。', 'ねえ、田中さん。', '王老师来了。', '王老师好。', 'ー・ー', 'ー・ー')
    expect(terms(suggestTerms(texts))).toEqual([
      { term: 'ハルカ', count: 2 },
      { term: '王', count: 2 },
      { term: '田中', count: 2 },
    ])
  })

  it('leaves out single occurrences and terms already in the glossary, ignoring case and width', () => {
    expect(suggestTerms(cues('Ask Haruka.', 'Ask Haruka.', 'Ask Ren.'), { exclude: ['ＨＡＲＵＫＡ'] })).toEqual([])
  })

  it('a word the file also writes in lower case is not a term, even inside a sentence', () => {
    const texts = cues('I said It was fine.', 'And then It happened.', 'it is late.', 'Ask Will.', 'Will you call Will?', 'I will.', 'Call Mia.', 'Call Mia now.')
    expect(terms(suggestTerms(texts))).toEqual([{ term: 'Mia', count: 2 }])
  })

  it('a word that only ever starts a sentence is not a term, whatever follows a title or a line break', () => {
    const texts = cues('Cause I said so.', 'Cause why not?', 'Thank you.', '- Thank you.\n- Hi.', 'Hi.', 'Mr. Wilder is here.', 'Is Mr. Wilder in?', 'Dr. Patel called.', 'Dr. Patel again.', 'We drove to\nPasadena.', 'Pasadena is far.')
    expect(terms(suggestTerms(texts))).toEqual([
      { term: 'Pasadena', count: 2 },
      { term: 'Patel', count: 2 },
      { term: 'Wilder', count: 2 },
    ])
  })

  it('keeps a multi-word name at a sentence start when it is said inside a sentence too', () => {
    const texts = cues('Sebastian Wilder is here.', 'I know Sebastian Wilder.', 'Sebastian Wilder plays tonight.', 'Tell Mia.', 'Tell Mia again.', 'You know Mia.')
    expect(terms(suggestTerms(texts))).toEqual([
      { term: 'Mia', count: 3 },
      { term: 'Sebastian Wilder', count: 3 },
    ])
  })

  it('uses the stop list of the file language: words a film may only write with a capital', () => {
    const texts = cues('Thank God, Monday again.', 'See you on Monday, Mom.', 'Ask Mom on Monday.', 'Meet Laura.', 'Meet Laura again.')
    expect(terms(suggestTerms(texts, { language: 'en' }))).toEqual([{ term: 'Laura', count: 2 }])
    const french = cues('Merci, Monsieur Dupont.', 'Bonjour, Monsieur Dupont.', 'Oui, Lundi, avec Camille.', 'Voilà, Lundi encore avec Camille.')
    expect(terms(suggestTerms(french, { language: 'fr' }))).toEqual([
      { term: 'Camille', count: 2 },
      { term: 'Monsieur Dupont', count: 2 },
    ])
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
