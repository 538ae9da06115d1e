import { describe, expect, it } from 'vitest'
import { toSrt, toVtt, type Segment } from '@/lib/subtitles/serialize'

const SEGMENTS: Segment[] = [
  { id: 1, startTime: '00:00:01,000', endTime: '00:00:02,500', originalText: 'Hello', translatedText: '你好' },
  { id: 5, startTime: '0:00:03.2', endTime: '00:00:04,000', originalText: 'Two\nlines' },
]

describe('toSrt', () => {
  it('writes translated text, falling back to the original, numbered by position', () => {
    expect(toSrt(SEGMENTS, { content: 'translated' })).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\n你好\n\n2\n00:00:03,200 --> 00:00:04,000\nTwo\nlines\n',
    )
  })

  it('writes original text only', () => {
    expect(toSrt(SEGMENTS, { content: 'original' })).toContain('\nHello\n')
    expect(toSrt(SEGMENTS, { content: 'original' })).not.toContain('你好')
  })

  it('writes bilingual as original line(s) then translated line(s)', () => {
    const out = toSrt([{ ...SEGMENTS[0], originalText: 'Hi\nthere', translatedText: '你\n好' }], { content: 'bilingual' })
    expect(out).toBe('1\n00:00:01,000 --> 00:00:02,500\nHi\nthere\n你\n好\n')
    // No translation, or one identical to the original, is written once.
    expect(toSrt([SEGMENTS[1]], { content: 'bilingual' })).toContain('\nTwo\nlines\n')
    expect(toSrt([{ ...SEGMENTS[0], translatedText: 'Hello' }], { content: 'bilingual' })).not.toContain('Hello\nHello')
  })

  it('drops blank lines inside text and segments with no text', () => {
    const out = toSrt(
      [
        { id: 1, startTime: '00:00:01,000', endTime: '00:00:02,000', originalText: 'a\r\n\r\n  \nb' },
        { id: 2, startTime: '00:00:03,000', endTime: '00:00:04,000', originalText: '   ' },
      ],
      { content: 'original' },
    )
    expect(out).toBe('1\n00:00:01,000 --> 00:00:02,000\na\nb\n')
  })

  it('can write CRLF line endings', () => {
    expect(toSrt([SEGMENTS[0]], { content: 'original', eol: '\r\n' })).toBe('1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n')
  })

  it('returns an empty string for no segments', () => {
    expect(toSrt([], { content: 'original' })).toBe('')
  })
})

describe('toVtt', () => {
  it('writes the WEBVTT header and dot milliseconds', () => {
    expect(toVtt(SEGMENTS, { content: 'translated' })).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\n你好\n\n2\n00:00:03.200 --> 00:00:04.000\nTwo\nlines\n',
    )
  })

  it('escapes an arrow inside text', () => {
    expect(toVtt([{ ...SEGMENTS[0], translatedText: 'a --> b' }], { content: 'translated' })).toContain('a --&gt; b')
  })
})
