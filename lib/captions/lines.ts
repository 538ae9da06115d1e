import { endsClause, joinsWithoutSpaces, splitsArticle, visibleLength, type CaptionLimits } from './rules'

/** Joins word texts the way the language writes them: with spaces, or without for Chinese, Japanese and Thai. */
export function joinWords(words: readonly string[], language: string): string {
  const separator = joinsWithoutSpaces(language) ? '' : ' '
  return words.map((w) => w.trim()).filter((w) => w !== '').join(separator)
}

/**
 * Lays words out on at most `maxLines` lines of at most `maxLineChars` characters. Rules: one line
 * when it fits; otherwise two lines broken between words as evenly as possible, never right after
 * an article, and after a comma when that still fits; a single word longer than a line (a long
 * Chinese run) is cut between characters. Answers null when the words need more lines than allowed.
 */
export function layoutLines(words: readonly string[], language: string, limits: CaptionLimits): string[] | null {
  const pieces = words.flatMap((word) => splitLongWord(word.trim(), limits.maxLineChars)).filter((w) => w !== '')
  const whole = joinWords(pieces, language)
  if (visibleLength(whole) <= limits.maxLineChars) return [whole]
  if (limits.maxLines < 2) return null
  let best: { lines: string[]; score: number } | null = null
  for (let i = 1; i < pieces.length; i++) {
    const first = joinWords(pieces.slice(0, i), language)
    const second = joinWords(pieces.slice(i), language)
    const [a, b] = [visibleLength(first), visibleLength(second)]
    if (a > limits.maxLineChars || b > limits.maxLineChars) continue
    // Balanced lines read best; a comma or a clause end is a natural break; an article never ends a line.
    let score = -Math.abs(a - b)
    if (endsClause(pieces[i - 1])) score += limits.maxLineChars / 3
    if (splitsArticle(pieces[i - 1], pieces[i], language)) score -= 1000
    if (!best || score > best.score) best = { lines: [first, second], score }
  }
  return best ? best.lines : null
}

function splitLongWord(word: string, max: number): string[] {
  const chars = Array.from(word)
  if (chars.length <= max) return [word]
  const out: string[] = []
  for (let i = 0; i < chars.length; i += max) out.push(chars.slice(i, i + max).join(''))
  return out
}
