import { describe, expect, it } from 'vitest'
import { findMatches, replaceAll, replaceOne } from './find'

describe('find and replace', () => {
  const rows = [
    { id: 1, text: 'Ann met ann at the Annex.' },
    { id: 2, text: '' },
    { id: 3, text: 'ANN! café cafés' },
  ]
  it('finds with and without case, whole words included', () => {
    expect(findMatches(rows, { query: 'ann', field: 'translatedText', matchCase: false, wholeWord: false })).toHaveLength(4)
    expect(findMatches(rows, { query: 'ann', field: 'translatedText', matchCase: true, wholeWord: false })).toEqual([{ id: 1, start: 8, end: 11 }])
    expect(findMatches(rows, { query: 'Ann', field: 'translatedText', matchCase: false, wholeWord: true }).map((m) => m.id)).toEqual([1, 1, 3])
    expect(findMatches(rows, { query: 'café', field: 'translatedText', matchCase: false, wholeWord: true })).toEqual([{ id: 3, start: 5, end: 9 }])
    expect(findMatches(rows, { query: '', field: 'translatedText', matchCase: false, wholeWord: false })).toEqual([])
  })
  it('takes the query and the replacement literally', () => {
    expect(findMatches([{ id: 1, text: 'a.b axb' }], { query: 'a.b', field: 'translatedText', matchCase: true, wholeWord: false })).toHaveLength(1)
    expect(replaceAll('Ann and ann', { query: 'ann', matchCase: false, wholeWord: true }, '$& Bo')).toBe('$& Bo and $& Bo')
    expect(replaceOne('Ann and ann', { start: 8, end: 11 }, 'Eve')).toBe('Ann and Eve')
  })
})
