// Breaking a translated cue into at most two lines the way its language breaks them: within the
// language's line limit (lib/subtitles/line-limits.ts), balanced, at the most natural point. Pure,
// safe in the browser (the editor's "fix line breaks" runs it too).
import { Parser, jaModel, zhHansModel, zhHantModel } from 'budoux'
import { lineLimitsFor } from '@/lib/subtitles/line-limits'

/** Lines may not start with these: closing brackets and quotes, punctuation, small kana, the long-vowel mark. */
export const NO_LINE_START = new Set(
  Array.from(
    ')]}»›”’"\'' +
      '）］｝〕〉》」』】〙〗〟｠' +
      ',.!?;:%' +
      '、。，．！？；：・･‥…〜～' +
      'ゝゞヽヾー' +
      'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ' +
      'ｧｨｩｪｫｯｬｭｮｰ',
  ),
)

/** Lines may not end with these: opening brackets and quotes. */
export const NO_LINE_END = new Set(Array.from('([{«‹“‘（［｛〔〈《「『【〘〖〝｟'))

// Scripts written without spaces between words: a line may break between any two of their
// characters (by phrase where BudouX knows the language).
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef\u30fc]/u
// A letter or digit of a spaced script: two of them side by side are one word, never split.
const WORD_CHAR = /[\p{L}\p{N}]/u
const SENTENCE_END = new Set(Array.from('.!?。！？…‥'))
const CLAUSE_END = new Set(Array.from(',;:，、；：—–'))
const CLOSERS = new Set(Array.from(')]}»›”’"\'）］｝〕〉》」』】'))
// Markup a viewer does not read: HTML-like tags and ASS override blocks such as {\an8}.
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g
const DIALOGUE_DASH = /^[-–—]/

// Words a line should not end with (articles, prepositions, conjunctions): the next word belongs
// with them. The line before one of them is a phrase boundary. English, French, Spanish,
// Portuguese, Italian and German, where most Latin-script subtitles are read.
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet if as of to in on at by for with from into onto about than that which who whom whose when while because before after until since though although unless where why how ' +
    'le la les un une des de du et ou mais à au aux en dans sur pour par avec que qui ' +
    'el los las una unos unas y o pero en con por para del al que ' +
    'o os as um uma e ou mas em no na nos nas com por para do da dos das ' +
    'il lo gli i di da e o ma in con su per tra fra che ' +
    'der die das ein eine einen dem den des und oder aber in im an am auf mit von zu zum zur für dass'
  ).split(' '),
)

// Cost classes of a break, most natural first: after a sentence, after a clause, between phrases,
// between words, after a function word, inside a phrase of an unspaced script.
const SENTENCE = 0
const CLAUSE = 1
const PHRASE = 3
const WORD = 4
const WEAK = 7
const INSIDE_PHRASE = 9
/**
 * What unbalanced lines cost against the classes above: the square of the share the lengths
 * differ by, so a slightly uneven break after a comma beats an even one inside a sentence, and a
 * one-word line does not.
 */
const IMBALANCE_WEIGHT = 8

export type BreakCandidate = {
  /** Index into the visible characters: line 2 starts here (a space at `at - 1` is dropped). */
  at: number
  /** Where line 1 ends (its trailing spaces left out). */
  end1: number
  line1: number
  line2: number
  cost: number
  kind: number
}

type Visible = { chars: string[]; offsets: number[]; text: string }

const parsers = new Map<string, Parser>()

function phraseParser(language: string): Parser | null {
  const model = language === 'ja' ? jaModel : language === 'zh-CN' ? zhHansModel : language === 'zh-HK' || language === 'zh-TW' ? zhHantModel : null
  if (!model) return null
  let parser = parsers.get(language)
  if (!parser) {
    parser = new Parser(model)
    parsers.set(language, parser)
  }
  return parser
}

const length = (text: string) => Array.from(text).length

/** The visible characters of a text (markup left out), each with its UTF-16 offset in the text. */
function visibleOf(text: string): Visible {
  const chars: string[] = []
  const offsets: number[] = []
  let last = 0
  const add = (from: number, to: number) => {
    let i = from
    for (const ch of text.slice(from, to)) {
      chars.push(ch)
      offsets.push(i)
      i += ch.length
    }
  }
  for (const match of text.matchAll(MARKUP)) {
    add(last, match.index)
    last = match.index + match[0].length
  }
  add(last, text.length)
  return { chars, offsets, text: chars.join('') }
}

/** Lines joined into one: no space between two characters of an unspaced script, one space otherwise. */
export function joinLines(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    // One space between words, also where markup stands between two spaces; none at either end.
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
  let out = ''
  for (const line of lines) {
    if (out === '') {
      out = line
      continue
    }
    const before = visibleOf(out).chars.at(-1) ?? ''
    const after = visibleOf(line).chars[0] ?? ''
    out += (UNSPACED.test(before) || NO_LINE_END.has(before)) && (UNSPACED.test(after) || NO_LINE_START.has(after)) ? line : ` ${line}`
  }
  // One space between words, also where markup stands between two spaces; none at either end.
  for (;;) {
    const next = out
      .replace(/( (?:<[^>]*>|\{\\[^}]*\})+) +/g, '$1')
      .replace(/^((?:<[^>]*>|\{\\[^}]*\})+) +/, '$1')
      .replace(/ +((?:<[^>]*>|\{\\[^}]*\})+)$/, '$1')
    if (next === out) return out
    out = next
  }
}

/** Phrase starts (indexes into the visible characters) that BudouX finds, for the languages it knows. */
function phraseStarts(visible: Visible, language: string): Set<number> {
  const parser = phraseParser(language)
  const starts = new Set<number>()
  if (!parser) return starts
  let index = 0
  for (const chunk of parser.parse(visible.text)) {
    index += length(chunk)
    starts.add(index)
  }
  return starts
}

/** The last visible character of line 1, looking through closing quotes and brackets. */
function lastMeaningful(chars: string[], end: number): string {
  let i = end - 1
  while (i > 0 && CLOSERS.has(chars[i])) i--
  return chars[i] ?? ''
}

function wordBefore(chars: string[], end: number): string {
  let i = end
  while (i > 0 && WORD_CHAR.test(chars[i - 1])) i--
  return chars.slice(i, end).join('').toLowerCase()
}

function wordAfter(chars: string[], start: number): string {
  let i = start
  while (i < chars.length && WORD_CHAR.test(chars[i])) i++
  return chars.slice(start, i).join('').toLowerCase()
}

/** Whether a line may break before visible character `at` (kinsoku and word rules). */
function breakable(chars: string[], end1: number, start2: number): boolean {
  if (end1 <= 0 || start2 >= chars.length) return false
  const last = chars[end1 - 1]
  const first = chars[start2]
  if (last === ' ' || first === ' ') return false
  if (NO_LINE_START.has(first) || NO_LINE_END.has(last)) return false
  // A doubled dash or ellipsis is one mark.
  if (last === first && (last === '—' || last === '―')) return false
  return true
}

/**
 * Every place the visible text may break, with the length of both lines and the break's cost
 * (its class plus how unbalanced the lines are). Spaced scripts break only at spaces; unspaced
 * ones also between two of their characters, never inside a word of a spaced script.
 */
export function breakCandidates(visibleText: string, language: string): BreakCandidate[] {
  const visible: Visible = { chars: Array.from(visibleText), offsets: [], text: visibleText }
  return candidatesOf(visible, language)
}

function candidatesOf(visible: Visible, language: string): BreakCandidate[] {
  const { chars } = visible
  const phrases = phraseStarts(visible, language)
  const total = chars.length
  const out: BreakCandidate[] = []
  const push = (at: number, space: boolean, kind: number) => {
    let end1 = space ? at - 1 : at
    while (end1 > 0 && chars[end1 - 1] === ' ') end1--
    let start2 = at
    while (start2 < total && chars[start2] === ' ') start2++
    if (!breakable(chars, end1, start2)) return
    const line1 = end1
    const line2 = total - start2
    const last = lastMeaningful(chars, end1)
    let cls = kind
    if (SENTENCE_END.has(last)) cls = SENTENCE
    else if (CLAUSE_END.has(last)) cls = CLAUSE
    else if (kind === WORD && FUNCTION_WORDS.has(wordBefore(chars, end1))) cls = WEAK
    else if (kind === WORD && FUNCTION_WORDS.has(wordAfter(chars, start2))) cls = PHRASE
    const imbalance = Math.abs(line1 - line2) / Math.max(1, line1 + line2)
    // A top line longer than the bottom one reads slightly worse than the other way round.
    const cost = cls + IMBALANCE_WEIGHT * imbalance * imbalance + (line1 > line2 ? 0.01 : 0)
    out.push({ at: start2, end1, line1, line2, cost, kind: cls })
  }
  for (let i = 1; i < total; i++) {
    if (chars[i] === ' ') {
      if (chars[i - 1] !== ' ') push(i + 1, true, WORD)
      continue
    }
    const prev = chars[i - 1]
    if (prev === ' ') continue
    // Inside a word of a spaced script never: one side at least must be of an unspaced script.
    if (!UNSPACED.test(prev) && !UNSPACED.test(chars[i])) continue
    push(i, false, phrases.has(i) ? PHRASE : INSIDE_PHRASE)
  }
  return out
}

/** Line 1 ends where its last visible character ends, closing tags kept with it. */
function splitOffset(text: string, visible: Visible, endOfLine1: number): number {
  let offset = visible.offsets[endOfLine1 - 1] + visible.chars[endOfLine1 - 1].length
  for (;;) {
    const closing = /^(<\/[^>]*>|\{\\[^}]*0\})/.exec(text.slice(offset))
    if (!closing) return offset
    offset += closing[0].length
  }
}

/** The cue's lines when it is a two-speaker dialogue ("- Hi.\n- Hello."), whose break is the speaker change. */
function dialogueLines(text: string): string[] | null {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  if (lines.length !== 2) return null
  return lines.every((line) => DIALOGUE_DASH.test(visibleOf(line).text)) ? lines : null
}

/**
 * A cue's text broken into at most two lines for `language`: one line when it fits, else the
 * cheapest break whose lines both fit, else (a text too long for two lines) the cheapest break of
 * all. Rules: a two-speaker dialogue keeps its speaker lines; no line starts with a closing bracket,
 * punctuation or a small kana, no line ends with an opening bracket; spaced scripts break only at
 * spaces; markup stays where it was, a closing tag with the text it closes.
 */
export function reflowCue(text: string, language: string, maxLineChars = lineLimitsFor(language).maxLineChars): string {
  if (text.trim() === '') return text
  const dialogue = dialogueLines(text)
  if (dialogue) return dialogue.join('\n')
  const joined = joinLines(text)
  const visible = visibleOf(joined)
  if (visible.chars.length <= maxLineChars) return joined
  const candidates = candidatesOf(visible, language)
  if (candidates.length === 0) return joined
  const fitting = candidates.filter((c) => c.line1 <= maxLineChars && c.line2 <= maxLineChars)
  const pool = fitting.length > 0 ? fitting : candidates
  const best = pool.reduce((a, b) => (b.cost < a.cost ? b : a))
  const cut = splitOffset(joined, visible, best.end1)
  return `${joined.slice(0, cut).trimEnd()}\n${joined.slice(cut).trimStart()}`
}

/** Visible lines of a cue as a viewer reads them (markup left out), for checks and tests. */
export function visibleCueLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => visibleOf(line).text.trim())
    .filter((line) => line !== '')
}
