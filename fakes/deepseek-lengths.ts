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
const TAG = /^(?:<[^>]*>|\{\\[^}]*\})$/
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

type Piece = { kind: 'tag' | 'space' | 'word'; text: string }

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}]/gu, '')
const visible = (pieces: Piece[]) => length(pieces.filter((p) => p.kind !== 'tag').map((p) => p.text).join('').trim())

/** Drops the word at `i` with one space beside it. */
function dropWord(pieces: Piece[], i: number): void {
  const space = pieces[i + 1]?.kind === 'space' ? i + 1 : pieces[i - 1]?.kind === 'space' ? i - 1 : -1
  pieces.splice(space === -1 ? i : Math.min(i, space), space === -1 ? 1 : 2)
}

/**
 * Cuts `text` to at most `max` visible characters the way a model rewrites it shorter: fillers
 * first, then words from the end (characters, for a script without
 * spaces), keeping every tag and the sentence's final punctuation, never ending on a small word.
 */
function shorten(text: string, max: number): string {
  const isUnspaced = !/\p{L} \p{L}/u.test(text.replace(MARKUP, '')) && UNSPACED_TEXT.test(text)
  const flat = text.replace(/\n/g, isUnspaced ? '' : ' ')
  const pieces: Piece[] = flat
    .split(/(<[^>]*>|\{\\[^}]*\}|\s+)/)
    .filter((p) => p !== '')
    .map((p): Piece => ({ kind: TAG.test(p) ? 'tag' : /^\s+$/.test(p) ? 'space' : 'word', text: p }))
  const words = () => pieces.flatMap((p, i) => (p.kind === 'word' ? [i] : []))
  const lastWord = () => words().at(-1) ?? -1
  const end = END_PUNCTUATION.exec(pieces[lastWord()]?.text ?? '')?.[0] ?? ''
  if (end) pieces[lastWord()].text = pieces[lastWord()].text.slice(0, -end.length)
  const room = Math.max(1, max - end.length)
  if (isUnspaced) {
    while (visible(pieces) > room && lastWord() >= 0) {
      const i = lastWord()
      pieces[i].text = Array.from(pieces[i].text).slice(0, -1).join('')
      if (pieces[i].text === '') pieces.splice(i, 1)
    }
  } else {
    // The first word stays: it carries the line's opening (a name, a dash, the fake's language mark).
    for (const i of words().slice(1).reverse()) if (visible(pieces) > room && FILLERS.has(bare(pieces[i].text))) dropWord(pieces, i)
    while (visible(pieces) > room && words().length > 1) dropWord(pieces, lastWord())
    // Nor on a dash or a small word left hanging.
    while (words().length > 1 && (WEAK_ENDS.has(bare(pieces[lastWord()].text)) || !/[\p{L}\p{N}]/u.test(pieces[lastWord()].text))) dropWord(pieces, lastWord())
  }
  const i = lastWord()
  if (i >= 0) pieces[i].text = pieces[i].text.replace(/[,;:—–-]+$/u, '') + end
  return pieces.map((p) => p.text).join('').replace(/\s+/g, ' ').trim()
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
