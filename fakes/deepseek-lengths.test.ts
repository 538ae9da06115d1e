import { describe, expect, it } from 'vitest'
import { condenseLine, DEEPSEEK_CONDENSE_STUBBORN, translateLine } from './deepseek-lengths'

const visible = (text: string) => Array.from(text.replace(/<[^>]*>|\{\\[^}]*\}/g, '').replace(/\n/g, '')).length

describe('the DeepSeek fake\'s lengths', () => {
  it('shortens within the count the way a model does: fillers first, then the end of the sentence, its tags and final mark kept', () => {
    const line = { id: 3, text: 'x', translation: '[de] Well, I think we should all go home now, before the storm comes.', maxChars: 42 }
    expect(condenseLine(line)).toBe('[de] I think we should all go home.')
    expect(condenseLine({ ...line, translation: '{\\an8}<i>[de] Look — the lights are really on, and the door is open?</i>', maxChars: 24 })).toBe('{\\an8}<i>[de] Look — the lights?</i>')
    expect(condenseLine({ ...line, translation: '我们明天一起去公园散步吧，好不好呀？', maxChars: 10 })).toBe('我们明天一起去公园？')
  })

  it('answers a line within its count unchanged, and a stubborn one shorter but about a third over', () => {
    expect(condenseLine({ id: 1, text: 'x', translation: '[de] Hallo.', maxChars: 20 })).toBe('[de] Hallo.')
    const stubborn = condenseLine({ id: 1, text: `x ${DEEPSEEK_CONDENSE_STUBBORN}`, translation: '[de] Ich glaube wirklich, wir sollten jetzt alle nach Hause gehen, bevor der Sturm kommt.', maxChars: 30 })
    expect(visible(stubborn)).toBeGreaterThan(30)
    expect(visible(stubborn)).toBeLessThanOrEqual(Math.ceil(30 * 1.35))
  })

  it('misses the count on about the share of lines asked', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, text: 'x', translation: `[de] ${'Wort '.repeat(20).trim()}.`, maxChars: 40 }))
    const missed = lines.filter((line) => visible(condenseLine(line, { missRate: 0.1 })) > 40).length
    expect(missed).toBeGreaterThan(60)
    expect(missed).toBeLessThan(140)
  })

  it('translates to "[target] text", or with an expansion to about its ratio of the source\'s length', () => {
    expect(translateLine('Hello there.', 'fr', 1)).toBe('[fr] Hello there.')
    const source = 'We should go home before the storm comes tonight.'
    const ratios = Array.from({ length: 200 }, (_, i) => visible(translateLine(source, 'de', i + 1, { ratio: 1.3, spread: 0.3 })) / source.length)
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length
    expect(mean).toBeGreaterThan(1.2)
    expect(mean).toBeLessThan(1.4)
    expect(Math.max(...ratios) - Math.min(...ratios)).toBeGreaterThan(0.3)
    const chinese = translateLine(source, 'zh-CN', 7, { ratio: 0.35, spread: 0 })
    expect(chinese).toMatch(/^\p{Script=Han}+$/u)
    expect(visible(chinese)).toBe(Math.round(source.length * 0.35))
  })
})
