import { describe, expect, it } from 'vitest'
import { joinCueTexts, splitCueText } from './split-join'

describe('splitCueText', () => {
  it('cuts one line at the word boundary nearest the split, preferring a sentence or a clause end', () => {
    expect(splitCueText('one two three four', 0.5, 'en')).toEqual(['one two', 'three four'])
    expect(splitCueText('one two three four', 0.2, 'en')).toEqual(['one', 'two three four'])
    // The comma is near enough to win over the exact middle.
    expect(splitCueText('I know, but we have to go now', 0.35, 'en')).toEqual(['I know,', 'but we have to go now'])
    expect(splitCueText('Stop. Listen to me carefully please', 0.55, 'en')).toEqual(['Stop. Listen to me', 'carefully please'])
    expect(splitCueText('Word', 0.5, 'en')).toEqual(['Word', ''])
  })
  it('cuts between any two characters in Chinese and Japanese, after punctuation when near', () => {
    expect(splitCueText('我们明天见面吧', 0.6, 'zh-CN')).toEqual(['我们明天', '见面吧'])
    expect(splitCueText('好的，我们明天见面吧', 0.35, 'zh-CN')).toEqual(['好的，', '我们明天见面吧'])
  })
  it('cuts between lines, a dialogue into its two turns without dashes, and keeps a cue-wide italic on both parts', () => {
    expect(splitCueText('First line here\nand the second', 0.6, 'en')).toEqual(['First line here', 'and the second'])
    expect(splitCueText('- Are you coming?\n- No.', 0.5, 'en')).toEqual(['Are you coming?', 'No.'])
    expect(splitCueText('<i>Somewhere far away from here</i>', 0.5, 'en')).toEqual(['<i>Somewhere far</i>', '<i>away from here</i>'])
    expect(splitCueText('  ', 0.5, 'en')).toEqual(['', ''])
  })
})

describe('joinCueTexts', () => {
  it('stacks two one-line cues, and flattens each cue to a line when they would pass two lines', () => {
    expect(joinCueTexts('Hello.', 'How are you?', 'en')).toBe('Hello.\nHow are you?')
    expect(joinCueTexts('First line\nsecond line', 'Third.', 'en')).toBe('First line second line\nThird.')
    expect(joinCueTexts('第一行\n第二行', '第三行', 'zh-CN')).toBe('第一行第二行\n第三行')
    expect(joinCueTexts('', 'Only this.', 'en')).toBe('Only this.')
  })
  it('undoes what a split of lines did', () => {
    const text = 'First line here\nand the second'
    const [a, b] = splitCueText(text, 0.5, 'en')
    expect(joinCueTexts(a, b, 'en')).toBe(text)
  })
})
