import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeHtmlEntities, splitForByteLimit } from './mymemory-text'

describe('decodeHtmlEntities', () => {
  it('decodes named and numeric entities once', () => {
    expect(decodeHtmlEntities('It&#39;s &quot;ok&quot; &amp; &#x4e2d;&#25991; &amp;lt; &bogus;')).toBe('It\'s "ok" & 中文 &lt; &bogus;')
  })
})

describe('splitForByteLimit', () => {
  it('keeps short text whole', () => {
    expect(splitForByteLimit('  Hi there. ', 500)).toEqual([{ lead: '  ', core: 'Hi there.', trail: ' ' }])
  })

  it('cuts at sentence ends before words and words before characters', () => {
    expect(splitForByteLimit('One two. Three four.', 12).map((p) => p.core)).toEqual(['One two.', 'Three four.'])
    expect(splitForByteLimit('alpha beta gamma', 11).map((p) => p.core)).toEqual(['alpha beta', 'gamma'])
    expect(splitForByteLimit('字字字字', 6).map((p) => p.core)).toEqual(['字字', '字字'])
  })

  it('always rebuilds the text and keeps every core within the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'bc ', '字', '. ', '。', '\n', ' ', '😀', 'word '), { maxLength: 400 }), fc.integer({ min: 4, max: 60 }), (parts, max) => {
        const text = parts.join('')
        const pieces = splitForByteLimit(text, max)
        expect(pieces.map((p) => p.lead + p.core + p.trail).join('')).toBe(text)
        for (const piece of pieces) expect(Buffer.byteLength(piece.core)).toBeLessThanOrEqual(max)
      }),
    )
  })
})
