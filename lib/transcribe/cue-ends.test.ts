import { describe, expect, it } from 'vitest'
import { cuesFromWords } from './transcribe-recording'

// A transcribed cue never ends before its last word: the spans of speech found by loudness can
// end before a soft last word ("for you"), and snapping the cue to them cut it off.
const words = (list: [string, number, number][]) => list.map(([text, startMs, endMs]) => ({ text, startMs, endMs }))

describe('cues from words and the spans of speech', () => {
  it('ends a cue at its last word or later, though the speech found by loudness ends before it', () => {
    const said = words([
      ['And', 1000, 1200],
      ['this', 1200, 1450],
      ['is', 1450, 1600],
      ['for', 1600, 1900],
      ['you.', 1900, 2600],
      ['Next', 6000, 6300],
      ['line', 6300, 6600],
      ['here.', 6600, 7200],
    ])
    // Loud enough only until 2,100 ms (the quiet "you" falls under the threshold), then from 6 s.
    const speech = [
      { startMs: 980, endMs: 2100 },
      { startMs: 5990, endMs: 7300 },
    ]
    const cues = cuesFromWords(said, 'en', speech)
    expect(cues.map((c) => c.text)).toEqual(['And this is for you.', 'Next line here.'])
    expect(cues[0].startMs).toBeLessThanOrEqual(1000)
    expect(cues[0].endMs).toBeGreaterThanOrEqual(2600)
    expect(cues[1].endMs).toBeGreaterThanOrEqual(7200)
  })

  it('still keeps its gap before the next cue', () => {
    const said = words([
      ['Quick', 1000, 1300],
      ['one.', 1300, 2000],
      ['Then', 2050, 2300],
      ['another.', 2300, 3000],
    ])
    const cues = cuesFromWords(said, 'en', [{ startMs: 1000, endMs: 1700 }, { startMs: 2050, endMs: 3000 }])
    for (let i = 0; i + 1 < cues.length; i++) expect(cues[i + 1].startMs - cues[i].endMs).toBeGreaterThanOrEqual(83)
  })
})
