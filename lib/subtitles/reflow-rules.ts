// What a cue broken by reflowCue must satisfy, as checks the tests run over any text (random ones
// and whole generated films): the rule of docs/product.md, stated once.
import { lineLimitsFor } from '@/lib/subtitles/line-limits'
import { breakCandidates, joinLines, NO_LINE_END, NO_LINE_START, visibleCueLines } from '@/lib/subtitles/reflow'

const UNSPACED_LANGUAGES = new Set(['zh-CN', 'zh-HK', 'ja', 'th'])

const squeeze = (text: string) => text.replace(/\s+/g, '')

/**
 * The rule's breaches for one cue (empty when it follows the rule): at most two lines; the text
 * kept (only whitespace changes); a line after the first never starts with a forbidden character,
 * a line before the last never ends with one; spaced languages break only at a space; when the
 * text fits in two lines, both fit the limit, and no break at least as natural is more balanced.
 */
export function reflowBreaches(input: string, output: string, language: string): string[] {
  const limit = lineLimitsFor(language).maxLineChars
  const problems: string[] = []
  const lines = visibleCueLines(output)
  if (lines.length > 2) problems.push(`${lines.length} lines`)
  if (squeeze(visibleCueLines(input).join('')) !== squeeze(lines.join(''))) problems.push('text changed')
  lines.forEach((line, i) => {
    if (i > 0 && NO_LINE_START.has(Array.from(line)[0])) problems.push(`line ${i + 1} starts with ${Array.from(line)[0]}`)
    if (i < lines.length - 1 && NO_LINE_END.has(Array.from(line).at(-1)!)) problems.push(`line ${i + 1} ends with ${Array.from(line).at(-1)}`)
  })
  const joined = visibleCueLines(joinLines(input)).join('').replace(/\s+/g, ' ')
  const isDialogue = visibleCueLines(input).length === 2 && visibleCueLines(input).every((line) => /^[-–—]/.test(line))
  if (isDialogue || lines.length === 0) return problems
  if (!UNSPACED_LANGUAGES.has(language) && lines.length === 2 && `${lines[0]} ${lines[1]}` !== joined) problems.push('broken inside a word')
  const length = (text: string) => Array.from(text).length
  const fitsOne = length(joined) <= limit
  const fitting = breakCandidates(joined, language).filter((c) => c.line1 <= limit && c.line2 <= limit)
  if (fitsOne && lines.length !== 1) problems.push('fits one line but was broken')
  if (!fitsOne && fitting.length > 0) {
    if (lines.length !== 2) problems.push('fits two lines but was not broken')
    else {
      if (lines.some((line) => length(line) > limit)) problems.push(`line over ${limit}`)
      const chosen = fitting.find((c) => c.line1 === length(lines[0]) && c.line2 === length(lines[1]))
      if (!chosen) problems.push('not a permitted break')
      else if (fitting.some((c) => c.kind <= chosen.kind && Math.abs(c.line1 - c.line2) < Math.abs(chosen.line1 - chosen.line2))) problems.push('a break as natural is more balanced')
    }
  }
  return problems
}
