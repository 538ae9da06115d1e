import { seededRandom } from './faults'

// The DeepSeek fake's sense of length: translations that run longer than their source, as real
// ones do (a knob, for benches), and the answers to condense requests, which shorten a
// translation to the characters asked for the way a model does: fillers first, then the end of the
// sentence, now and then missing the count.

/** A source line with `[[condense:stubborn]]` gets a shortened answer still over its `maxChars`, every time. */
export const DEEPSEEK_CONDENSE_STUBBORN = '[[condense:stubborn]]'

/**
 * Translation length per line: `ratio` of the source's characters on average, each line drawn
 * within ±`spread` of it (seeded by the line id, so a run repeats itself).
 */
export type Expansion = { ratio: number; spread: number }

/** Condense behaviour: the share of answers (seeded by line id) that miss the count like a stubborn line. */
export type CondenseBehaviour = { missRate?: number }

const UNSPACED = /^(zh|ja|th)(-|$)/
const UNSPACED_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u
const CJK_FILL = Array.from('我们这个时候已经知道了他说的那件事情可是没有人相信')
const LATIN_FILL = ['indeed', 'really', 'well', 'then', 'now', 'just', 'quite', 'so', 'actually', 'still']
const FILLERS = new Set(['indeed', 'really', 'well', 'then', 'now', 'just', 'quite', 'so', 'actually', 'still', 'very', 'you', 'know'])
// A shortened sentence does not end on these: a model would not leave "and the." behind.
const WEAK_ENDS = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'to', 'of', 'in', 'on', 'at', 'for', 'with', 'before', 'after', 'that', 'der', 'die', 'das', 'und', 'oder', 'le', 'la', 'les', 'et', 'de'])
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g
const END_PUNCTUATION = /[.!?…。！？]$/u

const length = (text: string) => Array.from(text.replace(MARKUP, '').replace(/\n/g, '')).length
const draw = (id: number, salt: number) => seededRandom(id * 7919 + salt)()

/** The fake's translation of `text`: `[target] text`, padded to the line's drawn expansion when one is set. */
export function translateLine(text: string, target: string, id: number, expansion?: Expansion): string {
  if (text === '') return ''
  const plain = `[${target}] ${text}`
  if (!expansion) return plain
  const ratio = expansion.ratio + expansion.spread * (draw(id, 1) * 2 - 1)
  const want = Math.max(1, Math.round(length(text) * ratio))
  if (UNSPACED.test(target)) {
    // A CJK translation of a Latin line: its own script, at the drawn length.
    return Array.from({ length: want }, (_, i) => CJK_FILL[(i + id) % CJK_FILL.length]).join('')
  }
  const words = text.replace(/\n/g, ' ').split(' ')
  const out = [...words]
  for (let i = 0; length(out.join(' ')) < want; i++) out.splice(1 + ((i * 3) % out.length), 0, LATIN_FILL[(id + i) % LATIN_FILL.length])
  while (out.length > 1 && length(out.join(' ')) > want) out.splice(out.length - 2, 1)
  return out.join(' ')
}

/** Cuts `text` to at most `max` visible characters the way a model rewrites it shorter: fillers, then trailing words (characters for unspaced scripts). */
function shorten(text: string, max: number): string {
  const wrapped = /^<i>([\s\S]*)<\/i>$/.exec(text)
  // Text in a script without spaces is cut between characters, any other between words.
  const isUnspaced = !/\p{L} \p{L}/u.test(text) && UNSPACED_TEXT.test(text)
  const inner = (wrapped ? wrapped[1] : text).replace(/\n/g, isUnspaced ? '' : ' ')
  const end = END_PUNCTUATION.exec(inner)?.[0] ?? ''
  const body = end ? inner.slice(0, -end.length) : inner
  const room = Math.max(1, max - end.length)
  let out: string
  if (isUnspaced) {
    out = Array.from(body).slice(0, room).join('')
  } else {
    const words = body.split(' ').filter((w) => w !== '')
    const kept = words.filter((w, i) => i === 0 || !FILLERS.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')))
    while (kept.length > 1 && length(kept.join(' ')) > room) kept.pop()
    while (kept.length > 2 && WEAK_ENDS.has(kept[kept.length - 1].toLowerCase().replace(/[^\p{L}]/gu, ''))) kept.pop()
    out = kept.join(' ')
    if (length(out) > room) out = Array.from(out).slice(0, room).join('')
  }
  const answer = `${out.replace(/[,;:\s]+$/u, '')}${end}`
  return wrapped ? `<i>${answer}</i>` : answer
}

/**
 * The answer to one condense line. Rules: a translation already within `maxChars` comes back as it
 * is; a stubborn line (marker, or drawn under `missRate`) comes back shorter than it was but about
 * a third over `maxChars`; any other within `maxChars`.
 */
export function condenseLine(line: { id: number; text: string; translation: string; maxChars: number }, behaviour: CondenseBehaviour = {}): string {
  const chars = length(line.translation)
  if (chars <= line.maxChars) return line.translation
  const isStubborn = line.text.includes(DEEPSEEK_CONDENSE_STUBBORN) || draw(line.id, 2) < (behaviour.missRate ?? 0)
  if (!isStubborn) return shorten(line.translation, line.maxChars)
  const over = Math.ceil(line.maxChars * 1.35)
  return over < chars ? shorten(line.translation, over) : line.translation
}
