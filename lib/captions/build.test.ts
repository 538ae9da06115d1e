import { describe, expect, it } from 'vitest'
import { buildCues, type TimedWord } from './build'
import { checkCues } from './check'
import { punctuateWords } from './punctuate'
import { captionLimits, MIN_GAP_MS } from './rules'

/** Words spoken one after another, `ms` each with `gap` between, from `at`. */
function spoken(text: string, { at = 0, ms = 300, gap = 50 } = {}): TimedWord[] {
  return text.split(' ').map((word, i) => ({ text: word, startMs: at + i * (ms + gap), endMs: at + i * (ms + gap) + ms }))
}

describe('the numbers', () => {
  it('are the style guides\': 42/16/13 characters a line, 20/9/4/17 a second, 2 lines', () => {
    expect(captionLimits('en')).toEqual({ maxCps: 20, maxLineChars: 42, maxLines: 2 })
    expect(captionLimits('zh-CN')).toEqual({ maxCps: 9, maxLineChars: 16, maxLines: 2 })
    expect(captionLimits('ja')).toEqual({ maxCps: 4, maxLineChars: 13, maxLines: 2 })
    expect(captionLimits('ko').maxLineChars).toBe(16)
    expect(captionLimits('ru')).toEqual({ maxCps: 17, maxLineChars: 42, maxLines: 2 })
    expect(captionLimits('fr')).toEqual({ maxCps: 17, maxLineChars: 42, maxLines: 2 })
  })
})

describe('buildCues', () => {
  it('breaks at sentence ends and keeps each cue on the speech', () => {
    const words = [...spoken('Good morning everyone.', { at: 1000 }), ...spoken('The meeting starts now.', { at: 2100 })]
    const cues = buildCues(words, 'en')
    expect(cues.map((c) => c.text)).toEqual(['Good morning everyone.', 'The meeting starts now.'])
    expect(cues[0].startMs).toBe(1000)
    expect(cues[1].startMs).toBe(2100)
    expect(cues[1].endMs).toBeGreaterThanOrEqual(2100 + 4 * 350 - 50)
    expect(cues[1].startMs - cues[0].endMs).toBeGreaterThanOrEqual(MIN_GAP_MS)
  })

  it('breaks at a pause of 300 ms, not at a shorter one', () => {
    const words = [...spoken('we went there', { at: 0 }), ...spoken('and came back', { at: 1000 + 300 })]
    expect(buildCues(words, 'en').map((c) => c.text)).toEqual(['we went there', 'and came back'])
    const close = [...spoken('we went there', { at: 0 }), ...spoken('and came back', { at: 1000 + 290 })]
    expect(buildCues(close, 'en').map((c) => c.text)).toEqual(['we went there and came back'])
  })

  it('does not break after an article, even at a pause', () => {
    const words = [...spoken('I saw the', { at: 0 }), ...spoken('elephant yesterday', { at: 1400 })]
    expect(buildCues(words, 'en').map((c) => c.text)).toEqual(['I saw the elephant yesterday'])
  })

  it('may cut a stammer of articles, and merges a cue that would have no time on screen', () => {
    const stammer = [...spoken('the', { at: 0 }), ...spoken('the house', { at: 700 })]
    expect(buildCues(stammer, 'en').map((c) => c.text)).toEqual(['the', 'the house'])
    const abutting = [{ text: 'Yes?', startMs: 0, endMs: 80 }, { text: 'Go.', startMs: 80, endMs: 400 }]
    expect(buildCues(abutting, 'en')).toEqual([{ startMs: 0, endMs: 833, text: 'Yes? Go.' }])
  })

  it('cuts a long sentence at its comma, into cues of at most two lines and 7 s', () => {
    const text = 'When the rain finally stopped over the hills, everybody in the small village came out to look at the river and the broken bridge.'
    const cues = buildCues(spoken(text, { ms: 250, gap: 30 }), 'en')
    expect(cues.length).toBeGreaterThan(1)
    expect(cues[0].text.replace('\n', ' ')).toBe('When the rain finally stopped over the hills,')
    expect(checkCues(cues, 'en')).toEqual([])
  })

  it('lays Chinese out without spaces, 16 characters a line', () => {
    const chars = '今天我们一起去公园散步然后在湖边吃午饭大家都很开心。'
    const words = Array.from(chars).map((c, i) => ({ text: c, startMs: i * 250, endMs: i * 250 + 200 }))
    const cues = buildCues(words, 'zh-CN')
    expect(cues.map((c) => c.text.replace('\n', '')).join('')).toBe(chars)
    expect(checkCues(cues, 'zh-CN')).toEqual([])
  })

  it('lengthens a short cue into the silence after it', () => {
    const cues = buildCues([{ text: 'Yes.', startMs: 500, endMs: 700 }, { text: 'No.', startMs: 3000, endMs: 3300 }], 'en')
    expect(cues[0]).toEqual({ startMs: 500, endMs: 500 + 833, text: 'Yes.' })
  })
})

describe('checkCues', () => {
  it('reports each rule a cue breaks', () => {
    const rules = (cues: { startMs: number; endMs: number; text: string }[]) => checkCues(cues, 'en').map((v) => v.rule)
    expect(rules([{ startMs: 0, endMs: 8000, text: 'x\ny\nz' }])).toEqual(['lines', 'maxDuration'])
    expect(rules([{ startMs: 0, endMs: 3000, text: 'x'.repeat(43) }])).toEqual(['lineLength'])
    expect(rules([{ startMs: 0, endMs: 500, text: 'Hi' }])).toEqual(['minDuration'])
    expect(rules([{ startMs: 0, endMs: 1000, text: 'Hi' }, { startMs: 1050, endMs: 2000, text: 'Yo' }])).toEqual(['gap'])
    expect(rules([{ startMs: 0, endMs: 1000, text: 'This line is read far too quickly' }])).toEqual(['readingSpeed'])
    // No room to lengthen: the next cue follows at once.
    expect(rules([{ startMs: 0, endMs: 1000, text: 'This line is read far too quickly' }, { startMs: 1083, endMs: 3000, text: 'Ok' }])).toEqual([])
    expect(rules([{ startMs: 0, endMs: 3000, text: 'I saw the\nelephant' }])).toEqual(['article'])
  })
})

describe('punctuateWords', () => {
  it('puts the segments\' punctuation back on the words', () => {
    const words = ['hello', 'there', 'how', 'are', 'you'].map((text, i) => ({ text, startMs: i * 100, endMs: i * 100 + 80 }))
    expect(punctuateWords(words, ['Hello, there!', '"How are you?"']).map((w) => w.text)).toEqual(['hello,', 'there!', '"how', 'are', 'you?"'])
  })

  it('works without spaces (Chinese)', () => {
    const words = ['你好', '世界', '再见'].map((text, i) => ({ text, startMs: i * 100, endMs: i * 100 + 80 }))
    expect(punctuateWords(words, ['你好，世界。', '再见！']).map((w) => w.text)).toEqual(['你好，', '世界。', '再见！'])
  })
})
