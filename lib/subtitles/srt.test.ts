import { describe, expect, it } from 'vitest'
import { parseSrt, parseSrtOrThrow } from '@/lib/subtitles/srt'
import { SrtError } from '@/lib/subtitles/errors'

const BASIC = `1
00:00:01,000 --> 00:00:02,500
Hello there.

2
00:00:03,000 --> 00:00:04,000
Second line
continues here.
`

describe('parseSrt', () => {
  it('parses blocks into cues with normalised times and ms', () => {
    expect(parseSrt(BASIC)).toEqual([
      { id: 1, startTime: '00:00:01,000', endTime: '00:00:02,500', startMs: 1_000, endMs: 2_500, text: 'Hello there.' },
      { id: 2, startTime: '00:00:03,000', endTime: '00:00:04,000', startMs: 3_000, endMs: 4_000, text: 'Second line\ncontinues here.' },
    ])
  })

  it('accepts CRLF and lone CR line endings, joining text with \\n', () => {
    expect(parseSrt(BASIC.replace(/\n/g, '\r\n'))).toEqual(parseSrt(BASIC))
    expect(parseSrt(BASIC.replace(/\n/g, '\r'))).toEqual(parseSrt(BASIC))
    expect(parseSrt('1\r\n00:00:01,000 --> 00:00:02,000\r\na\rb\nc\r\n')[0].text).toBe('a\nb\nc')
  })

  it('accepts a missing final newline and a leading BOM', () => {
    expect(parseSrt(BASIC.trimEnd())).toEqual(parseSrt(BASIC))
    expect(parseSrt('\ufeff' + BASIC)).toEqual(parseSrt(BASIC))
  })

  it('accepts a dot before milliseconds and 1-digit hours', () => {
    const [cue] = parseSrt('1\n0:01:02.5 --> 0:01:03.250\nDot millis\n')
    expect(cue).toMatchObject({ startTime: '00:01:02,500', endTime: '00:01:03,250', startMs: 62_500, endMs: 63_250 })
  })

  it('accepts a missing or non-numeric index and renumbers 1..n', () => {
    const text = '00:00:01,000 --> 00:00:02,000\nNo index\n\nabc\n00:00:03,000 --> 00:00:04,000\nWord index\n\n7\n00:00:05,000 --> 00:00:06,000\nSeven\n'
    const cues = parseSrt(text)
    expect(cues.map((c) => [c.id, c.text])).toEqual([[1, 'No index'], [2, 'Word index'], [3, 'Seven']])
  })

  it('ignores extra blank lines and whitespace-only lines between blocks', () => {
    const text = '\n\n  \n1\n00:00:01,000 --> 00:00:02,000\nA\n \t \n\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\u00a0\n\n'
    expect(parseSrt(text).map((c) => c.text)).toEqual(['A', 'B'])
  })

  it('accepts an arrow without spaces or with extra dashes', () => {
    const cues = parseSrt('00:00:01,000-->00:00:02,000\nTight\n\n00:00:03,000  --->  00:00:04,000\nLoose\n')
    expect(cues.map((c) => [c.startMs, c.endMs, c.text])).toEqual([[1_000, 2_000, 'Tight'], [3_000, 4_000, 'Loose']])
  })

  it('ignores position info after the end time', () => {
    const [cue] = parseSrt('1\n00:00:01,000 --> 00:00:02,000  X1:100 X2:200 Y1:10 Y2:20\nPositioned\n')
    expect(cue).toMatchObject({ endMs: 2_000, text: 'Positioned' })
  })

  it('keeps formatting tags untouched', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>Italic</i> and <font color="#ff0000">red</font>\n<b>bold</b>\n'
    expect(parseSrt(text)[0].text).toBe('{\\an8}<i>Italic</i> and <font color="#ff0000">red</font>\n<b>bold</b>')
  })

  it('skips broken blocks: no time range, no text, garbage', () => {
    const text = [
      '1\n00:00:01,000 --> 00:00:02,000\nkept one',
      '2\n00:00:03,000 --> 00:00:04,000',
      '3\nnot a time\nsome text',
      'just some words',
      '4\n00:00:05,000 -> 00:00:06,000\nsingle arrow',
      '5\n00:00:07,000 --> 00:00:08,000\nkept two',
    ].join('\n\n')
    expect(parseSrt(text).map((c) => [c.id, c.text])).toEqual([[1, 'kept one'], [2, 'kept two']])
  })

  it('splits cues whose separating blank line is missing', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nFirst\n2\n00:00:03,000 --> 00:00:04,000\nSecond\n'
    expect(parseSrt(text).map((c) => [c.id, c.startMs, c.text])).toEqual([[1, 1_000, 'First'], [2, 3_000, 'Second']])
  })

  it('returns no cues for empty or non-SRT text', () => {
    expect(parseSrt('')).toEqual([])
    expect(parseSrt('\n\n')).toEqual([])
    expect(parseSrt('WEBVTT is not this\nhello world')).toEqual([])
  })

  it('keeps times as written, even when out of order', () => {
    const text = '1\n00:00:05,000 --> 00:00:04,000\nbackwards\n\n2\n00:00:01,000 --> 00:00:02,000\nearlier\n'
    expect(parseSrt(text).map((c) => [c.startMs, c.endMs])).toEqual([[5_000, 4_000], [1_000, 2_000]])
  })

  // Its speed is measured by bench/parse.ts, never asserted here.
  it('parses a large file (60,000 cues, CRLF, tags, two lines)', () => {
    const block = (i: number) => `${i}\r\n00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},000 --> 00:00:59,999\r\n<i>Line ${i} with some text</i>\r\n第二行 ${i}\r\n\r\n`
    const parts: string[] = []
    for (let i = 1; i <= 60_000; i++) parts.push(block(i))
    const text = parts.join('')
    const cues = parseSrt(text)
    expect(cues).toHaveLength(60_000)
    expect(cues[59_999].text).toBe('<i>Line 60000 with some text</i>\n第二行 60000')
  })
})

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('parseSrtOrThrow', () => {
  it('throws empty_file for empty or whitespace-only text', () => {
    for (const text of ['', '  \n\r\n\t', '\ufeff']) {
      const error = thrown(() => parseSrtOrThrow(text))
      expect(error).toBeInstanceOf(SrtError)
      expect(error).toMatchObject({ code: 'empty_file', message: 'file cannot be empty' })
    }
  })

  it('throws invalid_format when nothing parses', () => {
    for (const text of ['hello\nworld\n', '1\n00:00:01,000 --> 00:00:02,000\n']) {
      const error = thrown(() => parseSrtOrThrow(text))
      expect(error).toBeInstanceOf(SrtError)
      expect(error).toMatchObject({ code: 'invalid_format', message: 'SRT file format incorrect or content empty' })
    }
  })

  it('returns cues for valid input', () => {
    expect(parseSrtOrThrow(BASIC)).toHaveLength(2)
  })
})
