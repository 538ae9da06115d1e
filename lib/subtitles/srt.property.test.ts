import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseSrt } from '@/lib/subtitles/srt'
import { cuesToSegments, toSrt } from '@/lib/subtitles/serialize'
import { formatMs } from '@/lib/subtitles/time'

// A text line the parser must read back as text: not blank, no line break, no arrow (so never a
// time range). Mixes a tag-heavy alphabet with arbitrary code points.
const noisyLine = fc
  .string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '<', '>', 'i', '/', '{', '}', '\\', '你', 'の', 'é', ':', ',', '-', '\t', '😀'), minLength: 1, maxLength: 12 })
const anyLine = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 })
const textLine = fc.oneof(noisyLine, anyLine).filter((line) => line.trim() !== '' && !/[\r\n]|-->/.test(line))
const cueText = fc.array(textLine, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'))

const cueList = fc.array(fc.tuple(fc.nat({ max: 600_000 }), fc.nat({ max: 10_000 }), cueText), { minLength: 1, maxLength: 30 }).map((raw) => {
  let clock = 0
  return raw.map(([gap, length, text], i) => {
    const startMs = clock + gap
    const endMs = startMs + length
    clock = endMs
    return { id: i + 1, startTime: formatMs(startMs), endTime: formatMs(endMs), startMs, endMs, text }
  })
})

describe('parseSrt properties', () => {
  it('parseSrt(toSrt(cues)) gives back ids, times and text, whatever the line ending', () => {
    fc.assert(
      fc.property(cueList, fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), (cues, eol, trimEnd) => {
        let srt = toSrt(cuesToSegments(cues), { content: 'original' })
        srt = srt.replace(/\n/g, eol)
        if (trimEnd) srt = srt.slice(0, -eol.length)
        expect(parseSrt(srt)).toEqual(cues)
      }),
      { numRuns: 300 },
    )
  })

  it('reads a document the same with LF, CRLF or CR, noise included', () => {
    const block = fc.oneof(
      cueText.map((text) => `1\n00:00:01,000 --> 00:00:02,000\n${text}`),
      cueText.map((text) => `00:00:01.5 --> 00:00:02.25 X1:10\n${text}`),
      cueText, // a stray block with no time range
      fc.constant('7\n00:00:03,000 --> 00:00:04,000'), // no text
    )
    const separator = fc.constantFrom('\n\n', '\n \n\n', '\n\t\n')
    fc.assert(
      fc.property(fc.array(fc.tuple(block, separator), { maxLength: 12 }), (parts) => {
        const lf = parts.map(([b, sep]) => b + sep).join('')
        const expected = parseSrt(lf)
        expect(parseSrt(lf.replace(/\n/g, '\r\n'))).toEqual(expected)
        expect(parseSrt(lf.replace(/\n/g, '\r'))).toEqual(expected)
        expect(expected.map((cue) => cue.id)).toEqual(expected.map((_, i) => i + 1))
      }),
      { numRuns: 300 },
    )
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(Array.isArray(parseSrt(text))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
