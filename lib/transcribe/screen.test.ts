import { describe, expect, it } from 'vitest'
import type { SttAnswer } from './provider'
import { findLoop, compressionRatio } from './repetition'
import { screenChunk } from './screen'
import { isStockPhrase } from './stock-phrases'

const chunk = { startMs: 0, endMs: 60_000 }
const words = (texts: string[], startMs: number, endMs: number) => {
  const slot = (endMs - startMs) / texts.length
  return texts.map((text, i) => ({ text, startMs: startMs + i * slot, endMs: startMs + (i + 1) * slot - 20 }))
}
const clean = { noSpeechProb: 0.01, avgLogprob: -0.2, compressionRatio: 1.1 }
/** An answer of `clean` segments, each one's words (its text without punctuation) spread evenly over its time. */
const cleanAnswer = (segments: { startMs: number; endMs: number; text: string }[]): SttAnswer => ({
  language: 'english',
  segments: segments.map((segment) => ({ ...segment, ...clean })),
  words: segments.flatMap(({ startMs, endMs, text }) => words(text.trim().replace(/[.,!?]/g, '').split(' '), startMs, endMs)),
})

describe('screenChunk', () => {
  it('moves a chunk\'s words by its start and punctuates them from its segments', () => {
    const answer: SttAnswer = { language: 'english', segments: [{ startMs: 0, endMs: 900, text: ' Hello, world.' }], words: [{ text: 'Hello', startMs: 100, endMs: 400 }, { text: 'world', startMs: 500, endMs: 900 }] }
    const speech = [{ startMs: 600_100, endMs: 600_900 }]
    expect(screenChunk(answer, { startMs: 600_000, endMs: 1_200_000 }, speech, 'en').words).toEqual([
      { text: 'Hello,', startMs: 600_100, endMs: 600_400 },
      { text: 'world.', startMs: 600_500, endMs: 600_900 },
    ])
  })

  it('leaves out what Whisper marks as silence, stock phrases and loops over silence, each with its reason', () => {
    const speech = [{ startMs: 1000, endMs: 3000 }]
    const answer: SttAnswer = {
      language: 'english',
      segments: [
        { startMs: 1000, endMs: 3000, text: ' We start now.', ...clean },
        { startMs: 8000, endMs: 10_000, text: ' Thank you for watching.', noSpeechProb: 0.2, avgLogprob: -0.3, compressionRatio: 1 },
        { startMs: 12_000, endMs: 14_000, text: ' Subtitles by the Amara.org community', noSpeechProb: 0.85, avgLogprob: -1.4, compressionRatio: 1 },
        { startMs: 3300, endMs: 7000, text: ' Okay. Okay. Okay. Okay. Okay. Okay.', noSpeechProb: 0.3, avgLogprob: -0.4 },
      ],
      words: [...words(['We', 'start', 'now'], 1000, 3000), ...words(['Thank', 'you', 'for', 'watching'], 8000, 10_000), ...words(['Subtitles', 'by', 'the', 'Amara.org', 'community'], 12_000, 14_000), ...words(Array(6).fill('Okay'), 3300, 7000)],
    }
    const screened = screenChunk(answer, chunk, speech, 'en')
    expect(screened.words.map((w) => w.text)).toEqual(['We', 'start', 'now.'])
    expect(screened.leftOut.map((l) => [l.reason, l.text, l.startMs])).toEqual([
      ['loop', 'Okay. Okay. Okay. Okay. Okay. Okay.', 3300],
      ['stockPhrase', 'Thank you for watching.', 8000],
      ['silence', 'Subtitles by the Amara.org community', 12_000],
    ])
  })

  it('keeps a stock phrase someone really says, and the first saying of a loop over speech', () => {
    const speech = [{ startMs: 1000, endMs: 3000 }, { startMs: 5000, endMs: 8000 }]
    const answer = cleanAnswer([
      { startMs: 1000, endMs: 3000, text: ' Thank you for watching.' },
      { startMs: 5000, endMs: 8000, text: ' Go go go go go home.' },
    ])
    const screened = screenChunk(answer, chunk, speech, 'en')
    expect(screened.words.map((w) => w.text).join(' ')).toBe('Thank you for watching. Go home.')
    expect(screened.leftOut).toMatchObject([{ reason: 'loop', text: 'go go go go' }])
  })

  it('moves text placed seconds early after a long silence onto the speech no other line holds, and drops text over silence with none', () => {
    // Speech at 2-4 s and 20-23 s; the provider put the second sentence at 15-18 s, and invented a line at 40 s.
    const speech = [{ startMs: 2000, endMs: 4000 }, { startMs: 20_000, endMs: 23_000 }]
    const answer = cleanAnswer([
      { startMs: 2000, endMs: 4000, text: ' First one.' },
      { startMs: 15_000, endMs: 18_000, text: ' Second one here.' },
      { startMs: 40_000, endMs: 41_000, text: ' Hmm.' },
    ])
    const screened = screenChunk(answer, chunk, speech, 'en')
    expect(screened.words.map((w) => [w.text, Math.round(w.startMs)])).toEqual([['First', 2000], ['one.', 3000], ['Second', 20_000], ['one', 21_000], ['here.', 22_000]])
    expect(screened.leftOut).toMatchObject([{ reason: 'noSpeech', text: 'Hmm.', startMs: 40_000 }])
  })

  it('trusts the provider\'s timing in a chunk too quiet for any speech to be heard', () => {
    const answer = cleanAnswer([{ startMs: 2000, endMs: 3000, text: ' Quiet words.' }])
    const screened = screenChunk(answer, chunk, [{ startMs: 70_000, endMs: 71_000 }], 'en')
    expect(screened.words.map((w) => w.text)).toEqual(['Quiet', 'words.'])
    expect(screened.leftOut).toEqual([])
  })

  it('gives words to segments answered without them, from the pauses in their speech', () => {
    // One segment holding two sentences; the speech pauses 1.2 s between them.
    const speech = [{ startMs: 1000, endMs: 2500 }, { startMs: 3700, endMs: 6000 }]
    const answer: SttAnswer = { language: 'english', segments: [{ startMs: 900, endMs: 6100, text: ' I see it. The bridge is old and long.', ...clean }], words: [] }
    const screened = screenChunk(answer, chunk, speech, 'en')
    expect(screened.words.map((w) => w.text)).toEqual(['I', 'see', 'it.', 'The', 'bridge', 'is', 'old', 'and', 'long.'])
    expect(screened.words[0].startMs).toBe(1000)
    expect(screened.words[2].endMs).toBe(2500)
    expect(screened.words[3].startMs).toBe(3700)
    expect(screened.words[8].endMs).toBe(6000)
  })
})

describe('loops and stock phrases', () => {
  it('finds a word said 4 times or a phrase 3 times, not a stammer', () => {
    expect(findLoop(['the', 'the', 'cat'])).toBeNull()
    expect(findLoop(['I', 'said', 'no', 'no', 'no', 'no'])).toEqual({ from: 3, to: 6 })
    expect(findLoop(['thank', 'you.', 'Thank', 'you.', 'thank', 'you', 'bye'])).toEqual({ from: 2, to: 6 })
    expect(compressionRatio('Okay. '.repeat(20))).toBeGreaterThan(2.4)
    expect(compressionRatio('The river was quiet in the morning.')).toBeLessThan(2.4)
  })

  it('knows stock phrases in English, Chinese and Japanese, give or take punctuation and width', () => {
    expect(isStockPhrase(' Thank you for watching!')).toBe(true)
    expect(isStockPhrase('请不吝点赞 订阅 转发 打赏支持明镜与点点栏目')).toBe(true)
    expect(isStockPhrase('ご視聴ありがとうございました。')).toBe(true)
    expect(isStockPhrase('Thank you for watching the river with me this morning.')).toBe(false)
  })
})
