import { describe, expect, it } from 'vitest'
import { estimateWordTimes, splitWords } from './estimate-words'
import { visibleLength } from './rules'
import { coversSpeech, joinSpans, snapCuesToSpeech, speechMs } from './speech'

const speech = [
  { startMs: 1000, endMs: 1800 },
  { startMs: 1900, endMs: 3000 },
  { startMs: 10_000, endMs: 12_500 },
  { startMs: 30_000, endMs: 31_000 },
]

describe('speech spans', () => {
  it('measures speech inside a stretch and joins close spans', () => {
    expect(speechMs(speech, 1500, 2000)).toBe(400)
    expect(coversSpeech(speech, { startMs: 4000, endMs: 9000 })).toBe(false)
    expect(coversSpeech(speech, { startMs: 2900, endMs: 9000 })).toBe(true)
    expect(joinSpans(speech, 700)).toEqual([{ startMs: 1000, endMs: 3000 }, { startMs: 10_000, endMs: 12_500 }, { startMs: 30_000, endMs: 31_000 }])
  })
})

describe('snapCuesToSpeech', () => {
  it('moves starts and ends onto the onsets and offsets of the speech each cue covers', () => {
    const cues = [
      { startMs: 1200, endMs: 2600, text: 'Hello there.' }, // starts late, ends early
      { startMs: 9000, endMs: 11_000, text: 'The river.' }, // starts early in silence, ends mid-speech
    ]
    const { cues: snapped, silent } = snapCuesToSpeech(cues, speech, 'en')
    expect(snapped.map((c) => [c.startMs, c.endMs])).toEqual([[1000, 3000], [10_000, 12_500]])
    expect(silent).toEqual([])
  })

  it('never crosses another cue, and keeps a cue long enough to read', () => {
    // Speech runs on through the next cue: the first ends 83 ms before it. A short cue is lengthened into the silence after.
    const cues = [
      { startMs: 10_000, endMs: 11_000, text: 'One' },
      { startMs: 11_200, endMs: 12_400, text: 'Two' },
      { startMs: 30_100, endMs: 30_400, text: 'A line far too long to read in one second at all.' },
    ]
    const { cues: snapped } = snapCuesToSpeech(cues, speech, 'en')
    expect(snapped[0]).toMatchObject({ startMs: 10_000, endMs: 11_117 })
    expect(snapped[1]).toMatchObject({ startMs: 11_200, endMs: 12_500 })
    expect(snapped[2].startMs).toBe(30_000)
    expect(snapped[2].endMs).toBe(30_000 + Math.ceil((visibleLength(cues[2].text) * 1000) / 20))
  })

  it('moves a cue over silence onto speech within 5 s, flags one with none, and changes only the chosen ones', () => {
    const cues = [
      { startMs: 7000, endMs: 8500, text: 'Early.' },
      { startMs: 20_000, endMs: 21_000, text: 'Far from speech.' },
      { startMs: 30_500, endMs: 31_500, text: 'Untouched.' },
    ]
    const { cues: snapped, silent } = snapCuesToSpeech(cues, speech, 'en', new Set([0, 1]))
    expect(silent).toEqual([1])
    expect(snapped[0]).toMatchObject({ startMs: 10_000, endMs: 12_500 })
    expect(snapped[1]).toMatchObject({ startMs: 20_000, endMs: 21_000 })
    expect(snapped[2]).toMatchObject({ startMs: 30_500, endMs: 31_500 })
  })
})

describe('estimateWordTimes', () => {
  it('puts the pause between the sentences, not where the characters would', () => {
    const segment = { startMs: 900, endMs: 12_600, text: 'I see the river now. We walked to the old bridge.' }
    const words = estimateWordTimes(segment, speech, 'en')
    expect(words[0].startMs).toBe(1000)
    expect(words[4]).toMatchObject({ text: 'now.', endMs: 3000 })
    expect(words[5]).toMatchObject({ text: 'We', startMs: 10_000 })
    expect(words.at(-1)!.endMs).toBe(12_500)
    // No word lies in a pause (in proportion to characters, "now." would end at 5.6 s, in the silence).
    expect(words.every((w) => speech.some((s) => w.startMs >= s.startMs && w.endMs <= s.endMs))).toBe(true)
  })

  it('splits Chinese and Japanese into characters, punctuation kept with the one before', () => {
    expect(splitWords('你好，世界。', 'zh-CN')).toEqual(['你', '好，', '世', '界。'])
    const words = estimateWordTimes({ startMs: 0, endMs: 13_000, text: 'はい。川は静かだった。' }, speech, 'ja')
    expect(words.map((w) => w.text).join('')).toBe('はい。川は静かだった。')
    expect(words.every((w) => w.startMs >= 1000 && w.endMs <= 12_500)).toBe(true)
  })
})
