import { describe, expect, it } from 'vitest'
import { checkCue, defaultLimits, missingGlossaryTerms, sanitizeLimits, timeToMs, visibleLines } from './quality'

const en = defaultLimits('en')

describe('quality checks', () => {
  it('passes a well-formed cue', () => {
    expect(checkCue({ original: 'Hello there.', translated: 'Bonjour.', durationMs: 2000 }, en).flags).toEqual([])
  })
  it('flags a reading speed above the limit, counting characters without markup or breaks', () => {
    const fr = defaultLimits('fr')
    const slow = checkCue({ original: 'x', translated: 'a'.repeat(34), durationMs: 2000 }, fr)
    expect(slow.cps).toBe(17)
    expect(slow.flags).toEqual([])
    expect(checkCue({ original: 'x', translated: '<i>' + 'a'.repeat(35) + '</i>', durationMs: 2000 }, fr).flags).toEqual(['cps'])
    // English reads faster: 20 a second.
    expect(checkCue({ original: 'x', translated: 'a'.repeat(40), durationMs: 2000 }, en).flags).toEqual([])
    expect(checkCue({ original: 'x', translated: 'a'.repeat(41), durationMs: 2000 }, en).flags).toEqual(['cps'])
    expect(checkCue({ original: 'x', translated: 'a', durationMs: 0 }, en).flags).toEqual(['cps'])
  })
  it('uses per-language limits: 16 characters a line for Chinese, 13 for Japanese, 42 for English', () => {
    expect(defaultLimits('zh-CN')).toMatchObject({ maxLineChars: 16, maxCps: 9 })
    expect(defaultLimits('ja')).toMatchObject({ maxLineChars: 13, maxCps: 4 })
    expect(defaultLimits('fr')).toMatchObject({ maxLineChars: 42, maxCps: 17 })
    const ja = defaultLimits('ja')
    expect(checkCue({ original: 'x', translated: '今日はラーメンを一から作ります', durationMs: 10_000 }, ja).flags).toEqual(['lineLength'])
    expect(checkCue({ original: 'x', translated: '今日はラーメンを\n一から作ります', durationMs: 10_000 }, ja).flags).toEqual([])
    // characters, not UTF-16 units: 13 emoji are 13 characters
    expect(checkCue({ original: 'x', translated: '😀'.repeat(13), durationMs: 10_000 }, ja).longestLine).toBe(13)
  })
  it('flags more lines than allowed', () => {
    expect(checkCue({ original: 'x', translated: 'a\nb\nc', durationMs: 5000 }, en).flags).toEqual(['lines'])
    expect(checkCue({ original: 'x', translated: 'a\n\nb', durationMs: 5000 }, en).flags).toEqual([])
  })
  it('flags an empty translation unless it is still being translated or the original is empty too', () => {
    expect(checkCue({ original: 'Hi', translated: '  ', durationMs: 1000 }, en).flags).toEqual(['empty'])
    expect(checkCue({ original: 'Hi', translated: '', durationMs: 1000, isPending: true }, en).flags).toEqual([])
    expect(checkCue({ original: '', translated: '', durationMs: 1000 }, en).flags).toEqual([])
  })
  it('flags a translation identical to the original, but not numbers or music notes', () => {
    expect(checkCue({ original: 'Hello  there.', translated: 'hello there.', durationMs: 3000 }, en).flags).toEqual(['same'])
    expect(checkCue({ original: '♪ ♪', translated: '♪ ♪', durationMs: 3000 }, en).flags).toEqual([])
    expect(checkCue({ original: '1984', translated: '1984', durationMs: 3000 }, en).flags).toEqual([])
    // A transcript alone is its own translation.
    expect(checkCue({ original: 'Hello there.', translated: 'Hello there.', durationMs: 3000 }, { ...en, allowsSame: true }).flags).toEqual([])
  })
  it('reads limits back from storage within bounds', () => {
    expect(sanitizeLimits({ maxCps: '20', maxLineChars: 1000, maxLines: -1 }, en)).toEqual({ maxCps: 20, maxLineChars: 120, maxLines: 2 })
    expect(sanitizeLimits('garbage', en)).toEqual(en)
  })
  it('parses times and strips markup', () => {
    expect(timeToMs('01:02:03,456')).toBe(3_723_456)
    expect(timeToMs('00:00:01.5')).toBe(1500)
    expect(visibleLines('{\\an8}<b>Hi</b>\n there ')).toEqual(['Hi', 'there'])
  })
  it('flags a glossary term the translation does not carry, case- and width-insensitively', () => {
    const glossary = [
      { term: 'Kenji', translation: '健二' },
      { term: 'ramen', translation: 'ラーメン' },
    ]
    expect(missingGlossaryTerms('KENJI ate ramen.', '健司はラーメンを食べた。', glossary)).toEqual(['Kenji'])
    expect(missingGlossaryTerms('Kenji ate ramen.', '健二はﾗｰﾒﾝを食べた。', glossary)).toEqual([])
    expect(missingGlossaryTerms('Nothing here.', '何もない。', glossary)).toEqual([])
    const quality = checkCue({ original: 'Kenji!', translated: '健司！', durationMs: 2000 }, defaultLimits('ja'), glossary)
    expect(quality.flags).toContain('glossary')
    expect(quality.missingTerms).toEqual(['Kenji'])
  })
})

describe('the Chinese script flag', () => {
  it('flags a translation the task\'s script check finds in the other script, and nothing else', async () => {
    const { scriptCheckFor } = await import('@/lib/subtitles/chinese-script')
    const hk = scriptCheckFor('zh-HK')
    const limits = defaultLimits('zh-HK')
    expect(checkCue({ original: 'Hair.', translated: '头发', durationMs: 2000 }, limits, [], hk).flags).toEqual(['script'])
    expect(checkCue({ original: 'Hair.', translated: '頭髮', durationMs: 2000 }, limits, [], hk).flags).toEqual([])
    // Before the check has loaded, nothing is flagged.
    expect(checkCue({ original: 'Hair.', translated: '头发', durationMs: 2000 }, limits, [], null).flags).toEqual([])
  })
})
