import { describe, expect, it } from 'vitest'
import { buildCues, type TimedWord } from './build'
import { checkCues } from './check'

/** Words of one speaker, `ms` each with `gap` between, from `at`. */
function said(speaker: string, text: string, { at = 0, ms = 300, gap = 50 } = {}): TimedWord[] {
  return text.split(' ').map((word, i) => ({ text: word, startMs: at + i * (ms + gap), endMs: at + i * (ms + gap) + ms, speaker }))
}

describe('cues and speakers', () => {
  it.each([
    {
      name: 'ends a cue where the speaker changes, without a pause or a sentence end',
      words: [...said('S1', 'so what did you', { at: 0 }), ...said('S2', 'nothing at all really', { at: 1400 })],
      cues: [
        ['so what did you', ['S1']],
        ['nothing at all really', ['S2']],
      ],
    },
    {
      name: 'writes two quick turns as a dialogue cue, one dash line per speaker',
      words: [...said('S1', 'Ready?', { at: 1000 }), ...said('S2', 'Yes, go.', { at: 1500 }), ...said('S1', 'Then we leave at dawn tomorrow.', { at: 5000 })],
      cues: [
        ['- Ready?\n- Yes, go.', ['S1', 'S2']],
        ['Then we leave at dawn tomorrow.', ['S1']],
      ],
    },
  ])('$name', ({ words, cues: expected }) => {
    const cues = buildCues(words, 'en')
    expect(cues.map((c) => [c.text, c.speakers])).toEqual(expected)
    expect(checkCues(cues, 'en')).toEqual([])
  })

  it.each([
    { name: 'ends a cue at a change of speaker even after an article', words: [...said('S1', 'I saw the', { at: 0 }), ...said('S2', 'elephant you mean', { at: 1050 })] },
    { name: 'keeps turns apart when the first can be read on its own', words: [...said('S1', 'Are you ready?', { at: 0 }), ...said('S2', 'Yes.', { at: 1500 })] },
  ])('$name', ({ words }) => {
    expect(buildCues(words, 'en').map((c) => c.speakers)).toEqual([['S1'], ['S2']])
  })

  it('flags a cue that mixes speakers outside a dialogue cue', () => {
    const rules = (text: string, speakers: string[]) => checkCues([{ startMs: 0, endMs: 3000, text, speakers }], 'en').map((v) => v.rule)
    expect(rules('Hello there. Hi.', ['S1', 'S2'])).toEqual(['speakers'])
    expect(rules('- Hello there.\n- Hi.', ['S1', 'S2'])).toEqual([])
    expect(rules('- Hello.\n- Hi.', ['S1', 'S1'])).toEqual(['speakers'])
    expect(rules('Hello.', ['S1'])).toEqual([])
  })

  it('leaves unlabelled words as before: no speakers on the cues', () => {
    const cues = buildCues([{ text: 'Yes.', startMs: 500, endMs: 700 }], 'en')
    expect(cues[0]).toEqual({ startMs: 500, endMs: 1333, text: 'Yes.' })
  })
})
