import { describe, expect, it } from 'vitest'
import { layoutCue, LINE_HEIGHT, SAFE_INSET, timeTokens, tokenize, wrap } from './layout'
import { cueIndexAt } from './styled-renderer'
import { presetStyle } from './look'

// A monospace stand-in for canvas measureText: every character is 0.5 em wide (CJK 1 em).
const measure = (text: string, _style: unknown, px: number) => [...text].reduce((w, c) => w + (/[\u3000-\u9fff]/.test(c) ? px : px / 2), 0)

describe('tokenize', () => {
  it('keeps Latin words with their space and splits Chinese and Japanese into characters', () => {
    expect(tokenize('Hello big world').map((t) => t.text)).toEqual(['Hello ', 'big ', 'world'])
    expect(tokenize('你好，世界').map((t) => t.text)).toEqual(['你', '好，', '世', '界'])
    expect(tokenize('안녕 하세요').map((t) => t.text)).toEqual(['안녕 ', '하세요'])
  })
})

describe('timeTokens', () => {
  it('takes the recogniser\'s word times when the words match the tokens one to one, each lit until the next starts', () => {
    const timed = timeTokens(tokenize('one two'), { startMs: 0, endMs: 1000 }, [{ startMs: 100, endMs: 400 }, { startMs: 500, endMs: 900 }])
    expect(timed.map((t) => [t.startMs, t.endMs])).toEqual([[100, 500], [500, 1000]])
  })
  it('spreads the cue\'s time by length when they do not (an edited line)', () => {
    const timed = timeTokens(tokenize('aa bbbbbb'), { startMs: 1000, endMs: 1800 }, [{ startMs: 0, endMs: 1 }])
    expect(timed.map((t) => [t.startMs, t.endMs])).toEqual([[1000, 1200], [1200, 1800]])
  })
})

describe('wrap', () => {
  it('balances two lines instead of a full line and a widow', () => {
    const lines = wrap(tokenize('aaaa bbbb cccc dddd eeee'), (t) => t.text.length, 20)
    // Greedy filling would give 'aaaa bbbb cccc dddd ' and a lone 'eeee'.
    expect(lines.map((l) => l.map((t) => t.text).join(''))).toEqual(['aaaa bbbb ', 'cccc dddd eeee'])
  })
})

describe('layoutCue', () => {
  const text = 'A fairly long subtitle line that has to wrap on a narrow vertical video'
  for (const size of [{ width: 1280, height: 720 }, { width: 1080, height: 1920 }]) {
    it(`keeps every line inside the title-safe area at ${size.width}x${size.height}`, () => {
      for (const position of ['bottom', 'middle', 'top'] as const) {
        const style = { ...presetStyle('outlined'), position }
        const lines = layoutCue([{ tokens: tokenize(text), style: style.main }], style, size, measure)
        for (const line of lines) {
          expect(line.left).toBeGreaterThanOrEqual(size.width * SAFE_INSET - 0.5)
          expect(line.left + line.width).toBeLessThanOrEqual(size.width * (1 - SAFE_INSET) + 0.5)
          expect(line.y).toBeGreaterThanOrEqual(size.height * SAFE_INSET - 0.5)
          expect(line.y + line.fontPx * LINE_HEIGHT).toBeLessThanOrEqual(size.height * (1 - SAFE_INSET) + 0.5)
        }
        if (position === 'bottom') expect(lines.at(-1)!.y + lines.at(-1)!.fontPx * LINE_HEIGHT).toBeCloseTo(size.height * (1 - SAFE_INSET - style.margin), 0)
      }
    })
  }

  it('puts the original under the translation, smaller, in the bilingual preset', () => {
    const style = presetStyle('bilingual')
    const lines = layoutCue([{ tokens: tokenize('译文'), style: style.main }, { tokens: tokenize('Original'), style: style.second }], style, { width: 1280, height: 720 }, measure)
    expect(lines).toHaveLength(2)
    expect(lines[1].y).toBeGreaterThan(lines[0].y)
    expect(lines[1].fontPx).toBeLessThan(lines[0].fontPx)
  })
})

describe('cueIndexAt', () => {
  const cues = [{ startMs: 0, endMs: 1000 }, { startMs: 2000, endMs: 3000 }].map((c) => ({ ...c, original: '', translation: '' }))
  it('finds the cue on screen and none between cues', () => {
    expect([cueIndexAt(cues, 500), cueIndexAt(cues, 1500), cueIndexAt(cues, 2000), cueIndexAt(cues, 3000)]).toEqual([0, -1, 1, -1])
  })
})
