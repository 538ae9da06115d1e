import { describe, expect, it } from 'vitest'
import { legacySample, rankLegacyEncodings } from '@/lib/subtitles/legacy-encoding'

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1')

describe('rankLegacyEncodings', () => {
  it('maps chardet names to decoders, weighting ties toward common encodings', () => {
    const ranked = rankLegacyEncodings([
      { name: 'Big5', confidence: 10 },
      { name: 'EUC-JP', confidence: 10 },
      { name: 'GB18030', confidence: 10 },
      { name: 'UTF-8', confidence: 10 },
      { name: 'ASCII', confidence: 0 },
    ])
    expect(ranked).toEqual(['gb18030', 'big5', 'euc-jp'])
  })

  it('reads Latin-1 as Windows-1252 and drops duplicates', () => {
    expect(rankLegacyEncodings([{ name: 'ISO-8859-1', confidence: 40 }, { name: 'windows-1252', confidence: 30 }])).toEqual(['windows-1252'])
  })

  it('lets a clearly better rare encoding win', () => {
    expect(rankLegacyEncodings([{ name: 'windows-1252', confidence: 20 }, { name: 'KOI8-R', confidence: 90 }])).toEqual(['koi8-r', 'windows-1252'])
  })
})

describe('legacySample', () => {
  it('keeps non-ASCII lines first, then lines with letters, never index or timing lines', () => {
    const file = bytes('1\r\n00:00:01,000 --> 00:00:02,000\r\nplain\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\ncaf\xe9\r\n')
    expect(latin1(legacySample(file))).toBe('caf\xe9\r\nplain\r\n')
  })

  it('stays within the size limit', () => {
    const line = 'caf\xe9 '.repeat(10) + '\n'
    const sample = legacySample(bytes(line.repeat(100)), 200)
    expect(sample.length).toBeLessThanOrEqual(200)
    expect(sample.length).toBe(Math.floor(200 / line.length) * line.length)
  })

  it('falls back to the start of a file with no usable lines', () => {
    const file = bytes('\xe9'.repeat(500))
    expect(legacySample(file, 100)).toHaveLength(100)
  })
})
