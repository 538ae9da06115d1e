import { describe, expect, it } from 'vitest'
import { computeCost, estimateTranslationMs, MAX_UPLOAD_BYTES, POINTS_PER_MINUTE, priceCues, readingMs } from '@/lib/pricing/cost'

const ending = (...endMs: number[]) => endMs.map((ms) => ({ endMs: ms }))

describe('computeCost', () => {
  it('charges 10 points per started minute of the last end time', () => {
    expect(computeCost(ending(1_000, 59_999))).toBe(10)
    expect(computeCost(ending(60_000))).toBe(10)
    expect(computeCost(ending(60_001))).toBe(20)
    expect(computeCost(ending(5_000, 3_600_000))).toBe(600)
    expect(computeCost(ending(1))).toBe(10)
  })

  it('is 0 with no cues, and one started minute for cues without duration', () => {
    expect(computeCost([])).toBe(0)
    expect(computeCost(ending(0))).toBe(10)
    expect(computeCost(ending(0, 0))).toBe(10)
    expect(computeCost(ending(Number.NaN, -5))).toBe(10)
  })

  it('uses the latest end when cues are out of order', () => {
    expect(computeCost(ending(130_000, 20_000))).toBe(30)
  })

  it('exposes the pricing and size constants', () => {
    expect(POINTS_PER_MINUTE).toBe(10)
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880)
  })
})

describe('reading time', () => {
  it('reads alphabetic text at 17 and CJK text at 9 characters a second, line breaks left out', () => {
    expect(readingMs('a'.repeat(17))).toBe(1000)
    expect(readingMs('ab\r\ncd')).toBeCloseTo(4000 / 17)
    expect(readingMs('你好世界，今天天气很好')).toBeCloseTo(11_000 / 9)
    expect(readingMs('こんにちは')).toBeCloseTo(5000 / 9)
    expect(readingMs('안녕하세요')).toBeCloseTo(5000 / 9)
    // A supplementary-plane ideograph is one character, not two code units.
    expect(readingMs('𠀀')).toBeCloseTo(1000 / 9)
  })

  it('counts only the text a viewer sees: HTML and WebVTT tags, ASS override blocks and \\N are not read', () => {
    expect(readingMs('<i>Hello there</i>')).toBeCloseTo(readingMs('Hello there'))
    expect(readingMs('{\\an8}<font color="#ffff00">[MUSIC PLAYING]</font>')).toBeCloseTo(readingMs('[MUSIC PLAYING]'))
    expect(readingMs('{\\pos(320,50)\\fad(200,200)}It left,\\Nand the tide')).toBeCloseTo(readingMs('It left,and the tide'))
    expect(readingMs('<v Mina><b>你好</b></v> <00:00:01.500>world')).toBeCloseTo(readingMs('你好 world'))
    // Angle brackets and braces that are not markup are text.
    expect(readingMs('a < b > c')).toBeCloseTo(9000 / 17)
    expect(readingMs('{note}')).toBeCloseTo(6000 / 17)
    expect(readingMs('<unclosed')).toBeCloseTo(9000 / 17)
  })

  it('does not bill styling as reading: heavily tagged cues are priced like their text', () => {
    const tagged = Array.from({ length: 300 }, (_, i) => ({ endMs: (i + 1) * 2000, text: `{\\an8}<font face="Arial" color="#ffff00" size="28"><i>Line ${i}</i></font>` }))
    const plain = tagged.map((cue, i) => ({ endMs: cue.endMs, text: `Line ${i}` }))
    expect(priceCues(tagged)).toEqual(priceCues(plain))
    expect(priceCues(tagged).pricedBy).toBe('duration')
  })

  it('prices real subtitles by their duration', () => {
    const cues = Array.from({ length: 600 }, (_, i) => ({ endMs: (i + 1) * 3000, text: 'A line of dialogue, as long as most.' }))
    expect(priceCues(cues)).toMatchObject({ pricedBy: 'duration', durationMs: 1_800_000, cost: 300 })
  })

  it('bills cues with no duration for the time it takes to read them', () => {
    const zero = Array.from({ length: 100 }, () => ({ endMs: 0, text: 'x'.repeat(170) }))
    // 100 × 10 s of reading = 1000 s → 17 started minutes.
    expect(priceCues(zero)).toEqual({ durationMs: 0, readingMs: 1_000_000, pricedBy: 'reading', cost: 170 })
  })

  it('bills 20,000 cues packed into 59 seconds for their reading time', () => {
    const packed = Array.from({ length: 20_000 }, (_, i) => ({ endMs: Math.floor((i * 59_000) / 20_000) + 1, text: `Line ${i}` }))
    const { pricedBy, cost, readingMs: reading } = priceCues(packed)
    expect(pricedBy).toBe('reading')
    expect(cost).toBe(Math.ceil(reading / 60_000) * 10)
    expect(cost).toBeGreaterThan(1000)
  })

  it('reads CJK slower: the same count of characters costs more in Chinese than in English', () => {
    const en = priceCues([{ endMs: 1000, text: 'a'.repeat(1800) }])
    const zh = priceCues([{ endMs: 1000, text: '字'.repeat(1800) }])
    expect(en.cost).toBe(20) // 105.9 s
    expect(zh.cost).toBe(40) // 200 s
  })
})

describe('estimateTranslationMs', () => {
  it('is 0 for no segments', () => {
    expect(estimateTranslationMs(0)).toBe(0)
    expect(estimateTranslationMs(-3)).toBe(0)
  })

  it('grows with rounds of concurrent batches', () => {
    expect(estimateTranslationMs(1)).toBe(5_000)
    expect(estimateTranslationMs(40)).toBe(5_000)
    expect(estimateTranslationMs(41)).toBe(8_000)
    expect(estimateTranslationMs(1_000)).toBe(2_000 + 25 * 3_000)
  })

  it('accepts measured figures', () => {
    expect(estimateTranslationMs(100, { batchSize: 20, concurrency: 1, msPerBatch: 1_000, overheadMs: 0 })).toBe(5_000)
  })
})
