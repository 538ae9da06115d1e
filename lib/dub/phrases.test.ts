import { describe, expect, it } from 'vitest'
import { assignVoices, planPhrases, type DubLine } from './phrases'

const line = (id: number, startMs: number, endMs: number, speaker: string | null, text = `Line ${id}.`): DubLine => ({ id, startMs, endMs, text, sourceText: `source ${id}`, speaker })

describe('planPhrases', () => {
  it('joins close lines of one speaker, never across speakers, and gives each phrase until the next line less two frames', () => {
    const phrases = planPhrases([line(1, 0, 1000, 'A'), line(2, 1200, 2000, 'A'), line(3, 2100, 3000, 'B'), line(4, 4000, 5000, 'B'), line(5, 5100, 6000, 'B')], { fps: 25 })
    expect(phrases.map((p) => [p.lineIds, p.startMs, p.windowEndMs])).toEqual([
      [[1, 2], 0, 2020],
      [[3], 2100, 3920],
      [[4, 5], 4000, 7000],
    ])
    expect(phrases[0].text).toBe('Line 1. Line 2.')
  })

  it('joins CJK lines without a space, skips empty lines, caps a phrase at its line count, ends the last at the media end', () => {
    const phrases = planPhrases([line(1, 0, 800, null, '你好。'), line(2, 900, 1500, null, '  '), line(3, 1000, 1800, null, '再见。'), line(4, 1900, 2500, null, '好的。')], { maxLinesPerPhrase: 2, mediaEndMs: 2800 })
    expect(phrases.map((p) => [p.lineIds, p.text, p.windowEndMs])).toEqual([
      [[1, 3], '你好。再见。', 1820],
      [[4], '好的。', 2800],
    ])
  })

  it('keys a phrase by its lines and text, so an edited line is spoken again', () => {
    const [a] = planPhrases([line(1, 0, 1000, 'A', 'Hello.')])
    const [b] = planPhrases([line(1, 0, 1000, 'A', 'Hello there.')])
    expect(a.key).not.toBe(b.key)
    expect(planPhrases([line(1, 0, 1000, 'A', 'Hello.')])[0].key).toBe(a.key)
  })
})

describe('assignVoices', () => {
  it('gives each speaker a voice of its own, keeps chosen ones, and one voice without speakers', () => {
    const voices = ['alloy', 'ash', 'coral']
    expect([...assignVoices(['A', 'B', 'A'], voices)]).toEqual([['A', 'alloy'], ['B', 'ash']])
    expect([...assignVoices(['A', 'B', 'C'], voices, { B: 'alloy' })]).toEqual([['A', 'ash'], ['B', 'alloy'], ['C', 'coral']])
    expect([...assignVoices([null, null], voices)]).toEqual([[null, 'alloy']])
  })
})
