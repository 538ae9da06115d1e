import { describe, expect, it } from 'vitest'
import { transcriptionCost } from './cost'
import { languageFromProvider, providerLanguage } from '../languages'
import { CHUNK_TARGET_MS, planChunks } from './plan'

describe('planChunks', () => {
  it('keeps a recording of up to 10 minutes whole', () => {
    expect(planChunks(CHUNK_TARGET_MS, [])).toEqual([{ startMs: 0, endMs: CHUNK_TARGET_MS }])
  })

  it('cuts in the middle of the longest silence before each 10-minute mark, never inside speech', () => {
    const silences = [
      { startMs: 500_000, endMs: 500_400 },
      { startMs: 560_000, endMs: 562_000 }, // the longest of the 2 minutes before 10:00
      { startMs: 1_150_000, endMs: 1_151_000 },
    ]
    const chunks = planChunks(1_500_000, silences)
    expect(chunks).toEqual([
      { startMs: 0, endMs: 561_000 },
      { startMs: 561_000, endMs: 1_150_500 },
      { startMs: 1_150_500, endMs: 1_500_000 },
    ])
  })

  it('cuts at the mark when no silence comes before it, and covers the whole recording in order', () => {
    const chunks = planChunks(3 * 3600_000, [])
    expect(chunks).toHaveLength(18)
    expect(chunks.every((c, i) => c.endMs - c.startMs <= CHUNK_TARGET_MS && (i === 0 ? c.startMs === 0 : c.startMs === chunks[i - 1].endMs))).toBe(true)
    expect(chunks.at(-1)!.endMs).toBe(3 * 3600_000)
  })
})

describe('cost', () => {
  it('is 10 points a started minute (the codec\'s second of padding allowed), 20 with translation, at least one minute', () => {
    expect(transcriptionCost(21_000, { translated: false })).toBe(10)
    // A codec's padding (up to a second past the minute) starts no new minute (issue 27 item 11).
    expect(transcriptionCost(60_001, { translated: false })).toBe(10)
    expect(transcriptionCost(61_000, { translated: false })).toBe(10)
    expect(transcriptionCost(61_001, { translated: false })).toBe(20)
    expect(transcriptionCost(120_006.5, { translated: false })).toBe(20)
    expect(transcriptionCost(3 * 3600_000, { translated: true })).toBe(3600)
    expect(transcriptionCost(0, { translated: true })).toBe(20)
  })
})

describe('languages', () => {
  it('maps the provider\'s names and ISO codes onto ours and back', () => {
    expect(languageFromProvider('english')).toBe('en')
    expect(languageFromProvider('Chinese')).toBe('zh-CN')
    expect(languageFromProvider('zh')).toBe('zh-CN')
    expect(languageFromProvider('klingon')).toBeNull()
    expect(providerLanguage('zh-HK')).toBe('zh')
    expect(providerLanguage('auto')).toBeNull()
  })
})
