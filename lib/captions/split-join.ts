// A cue's text cut in two when the cue is split, and two cues' texts put together when they are
// merged: where a subtitler would cut (between lines, after a sentence or a clause, at a word
// boundary) and how lines are joined (one line of each cue, at most two lines in all).
import { isDialogueLine } from './dialogue'
import { joinsWithoutSpaces, MAX_LINES } from './rules'

const SENTENCE_END = /[.!?…。！？]["'”’)）」』]*$/
const CLAUSE_END = /[,;:，、；：—–]["'”’)）」』]*$/
// A cue in one italic (bold, underline) tag throughout: each part keeps it.
const WRAPPED = /^<([ibu])>([\s\S]*)<\/\1>$/
const DASH = /^\s*[-–—]\s*/

const chars = (text: string) => Array.from(text).length

/** The best place to cut one line: a word boundary (any character where words are not spaced) near `fraction`, preferring a sentence's or a clause's end. */
function cutLine(line: string, fraction: number, language: string): [string, string] {
  const letters = Array.from(line)
  const n = letters.length
  const spaced = !joinsWithoutSpaces(language)
  let best: { at: number; score: number } | null = null
  for (let at = 1; at < n; at++) {
    if (spaced && letters[at] !== ' ') continue
    const before = letters.slice(0, at).join('').trimEnd()
    if (before === '') continue
    const bonus = SENTENCE_END.test(before) ? 0.2 : CLAUSE_END.test(before) ? 0.1 : 0
    const score = Math.abs(at / n - fraction) - bonus
    if (!best || score < best.score) best = { at, score }
  }
  if (!best) return [line, '']
  return [letters.slice(0, best.at).join('').trim(), letters.slice(best.at).join('').trim()]
}

/**
 * A cue's text cut in two for a split at `fraction` (0 to 1) of its duration. Rules: a cue of
 * several lines is cut between lines, the line break nearest `fraction` by characters (a dialogue
 * cut into its two turns loses its dashes); a one-line cue at the word boundary nearest `fraction`,
 * moved to the end of a sentence or a clause close by; a cue in one italic tag keeps it on both
 * parts. A cue without a place to cut keeps its text on the first part.
 */
export function splitCueText(text: string, fraction: number, language: string): [string, string] {
  const clean = text.replace(/\r\n?/g, '\n').trim()
  if (clean === '') return ['', '']
  const wrapped = WRAPPED.exec(clean)
  if (wrapped) {
    const [a, b] = splitCueText(wrapped[2], fraction, language)
    const wrap = (part: string) => (part === '' ? '' : `<${wrapped[1]}>${part}</${wrapped[1]}>`)
    return [wrap(a), wrap(b)]
  }
  const at = Math.min(1, Math.max(0, fraction))
  const lines = clean.split('\n')
  if (lines.length === 1) return cutLine(clean, at, language)
  const total = lines.reduce((sum, line) => sum + chars(line), 0)
  let best = 1
  let seen = 0
  let bestDistance = Infinity
  for (let k = 1; k < lines.length; k++) {
    seen += chars(lines[k - 1])
    const distance = Math.abs(seen / Math.max(1, total) - at)
    if (distance < bestDistance) [best, bestDistance] = [k, distance]
  }
  const first = lines.slice(0, best)
  const second = lines.slice(best)
  // Two turns of a dialogue, each now a cue of its own speaker: no dash.
  const isDialogue = lines.every(isDialogueLine)
  const part = (group: string[]) => (isDialogue && group.length === 1 ? group[0].replace(DASH, '') : group.join('\n'))
  return [part(first), part(second)]
}

/**
 * The text of two cues merged. Rules: an empty text takes the other's; two cues whose lines fit
 * `maxLines` together are stacked, line under line; otherwise each cue's lines are joined into one
 * line (with a space where words are spaced) and the two stacked.
 */
export function joinCueTexts(first: string, second: string, language: string, maxLines = MAX_LINES): string {
  const a = first.replace(/\r\n?/g, '\n').trim()
  const b = second.replace(/\r\n?/g, '\n').trim()
  if (a === '' || b === '') return a || b
  const aLines = a.split('\n')
  const bLines = b.split('\n')
  if (aLines.length + bLines.length <= maxLines) return `${a}\n${b}`
  const glue = joinsWithoutSpaces(language) ? '' : ' '
  const flat = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean).join(glue)
  return `${flat(aLines)}\n${flat(bLines)}`
}
