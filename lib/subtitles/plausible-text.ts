// How plausible a decoded text is as writing in some language, to choose between the code pages
// that all decode a file without error but only one of which reads right.
import { FOREIGN_WEIGHT, LANGUAGE_LETTERS, languageModel } from '@/lib/subtitles/language-letters'

const LETTER = 1
const MARK = 2
const NEUTRAL = 3
const SYMBOL = 4
const BROKEN = 5
const KIND_MASK = 7
const UPPER = 8
const LOWER = 16
const SCRIPT_SHIFT = 5

const Script = { Other: 0, Latin: 1, Cyrillic: 2, Greek: 3, Cjk: 4, Hangul: 5 } as const

/** Penalties, in units of one letter that fits the language. */
const MIXED_SCRIPT_PENALTY = 2
const SANDWICHED_SYMBOL_PENALTY = 2
const BROKEN_PENALTY = 2
const CASE_FLIP_PENALTY = 1
const NEVER_INITIAL_PENALTY = 2
/** Worth of one of a language's common words, in the same units. */
const COMMON_WORD_WEIGHT = 1
const LONGEST_COMMON_WORD = 6

/** Punctuation that sits between two letters in real text: apostrophes, dashes, middle dots. */
const IN_WORD_PUNCTUATION = new Set('\u2019\u2018\u00b4`\u00b7\u2010\u2011\u2013\u2014\u2026\u30fb')

function scriptOf(char: string): number {
  if (/\p{Script=Latin}/u.test(char)) return Script.Latin
  if (/\p{Script=Cyrillic}/u.test(char)) return Script.Cyrillic
  if (/\p{Script=Greek}/u.test(char)) return Script.Greek
  // Japanese mixes Han and kana in one word, so they count as one script here.
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) return Script.Cjk
  if (/\p{Script=Hangul}/u.test(char)) return Script.Hangul
  return Script.Other
}

function classify(code: number): number {
  if (code >= 0xd800 && code <= 0xdfff) return MARK // half of an astral character: no evidence either way
  const char = String.fromCharCode(code)
  if (/\p{L}/u.test(char)) {
    const kase = /\p{Lu}/u.test(char) ? UPPER : /\p{Ll}/u.test(char) ? LOWER : 0
    return LETTER | kase | (scriptOf(char) << SCRIPT_SHIFT)
  }
  if (/\p{M}/u.test(char)) return MARK
  if (code === 0xfffd || /[\p{Cc}\p{Cn}\p{Co}]/u.test(char)) return code === 9 || code === 10 || code === 13 ? NEUTRAL : BROKEN
  if (code < 0x80 || /\p{Z}/u.test(char) || IN_WORD_PUNCTUATION.has(char)) return NEUTRAL
  if ((code >= 0x3000 && code <= 0x303f) || (code >= 0xff00 && code <= 0xffef)) return NEUTRAL // CJK punctuation
  return SYMBOL
}

/** Class of every UTF-16 code unit, filled on first sight (the regexes are slow, the lookups are not). */
const classes = new Uint8Array(0x10000)

function classOf(code: number): number {
  let cls = classes[code]
  if (cls === 0) {
    cls = classify(code)
    classes[code] = cls
  }
  return cls
}

const LANGUAGES = Object.values(LANGUAGE_LETTERS).map(languageModel)

/** Common word -> the languages (indexes into LANGUAGES) it is common in. */
const COMMON_WORDS = new Map<string, number[]>()
LANGUAGES.forEach(({ words }, index) => {
  for (const word of words) COMMON_WORDS.set(word, [...(COMMON_WORDS.get(word) ?? []), index])
})

type Tally = {
  penalty: number
  /** Non-ASCII letter -> occurrences, and how many of them start a word. */
  letters: Map<number, number>
  initials: Map<number, number>
  /** Per language, how many of its common words the text holds. */
  wordHits: number[]
  byScript: number[]
  nonAsciiLetters: number
}

/**
 * One pass over the text: counts each non-ASCII letter and charges what real writing does not do: a
 * word that switches script, a symbol (¹, ±, ¾, a control) between two letters, a lower-case letter
 * followed by a non-ASCII upper-case one, a Greek final sigma inside a word, broken characters.
 */
function tally(text: string): Tally {
  const letters = new Map<number, number>()
  const initials = new Map<number, number>()
  const wordHits = LANGUAGES.map(() => 0)
  const countWord = (start: number, end: number) => {
    if (end - start > LONGEST_COMMON_WORD) return
    const languages = COMMON_WORDS.get(text.slice(start, end).toLowerCase())
    if (languages) for (const index of languages) wordHits[index]++
  }
  let wordStart = 0
  const byScript = [0, 0, 0, 0, 0, 0]
  let penalty = 0
  let nonAsciiLetters = 0
  let prevLetter = 0 // class of the letter just before, 0 when the previous character ended a word
  let prevCode = 0
  let symbolAfterLetter = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const cls = classOf(code)
    const kind = cls & KIND_MASK
    if (kind === LETTER) {
      if (prevLetter === 0) wordStart = i
      if (symbolAfterLetter) penalty += SANDWICHED_SYMBOL_PENALTY
      if (prevLetter !== 0) {
        const script = cls >> SCRIPT_SHIFT
        const prevScript = prevLetter >> SCRIPT_SHIFT
        if (script !== prevScript && script !== Script.Other && prevScript !== Script.Other) penalty += MIXED_SCRIPT_PENALTY
        if (prevLetter & LOWER && cls & UPPER && (code >= 0x80 || prevCode >= 0x80)) penalty += CASE_FLIP_PENALTY
        if (prevCode === 0x3c2) penalty += CASE_FLIP_PENALTY // ς ends a word
      }
      if (code >= 0x80) {
        letters.set(code, (letters.get(code) ?? 0) + 1)
        if (prevLetter === 0) initials.set(code, (initials.get(code) ?? 0) + 1)
        byScript[cls >> SCRIPT_SHIFT]++
        nonAsciiLetters++
      }
      prevLetter = cls
      prevCode = code
      symbolAfterLetter = false
    } else if (kind === MARK) {
      continue
    } else {
      if (prevLetter !== 0) countWord(wordStart, i)
      if (kind === BROKEN) penalty += BROKEN_PENALTY
      symbolAfterLetter = (kind === SYMBOL || kind === BROKEN) && prevLetter !== 0
      prevLetter = 0
      prevCode = code
    }
  }
  if (prevLetter !== 0) countWord(wordStart, text.length)
  return { penalty, letters, initials, wordHits, byScript, nonAsciiLetters }
}

/**
 * Plausibility of a decoded text: for the language its non-ASCII letters fit best, +1 per letter
 * the language uses often, +0.5 per letter it uses rarely, -1 per letter it does not use (times the
 * language's prior when positive), +1 per common word of the language, -2 per word starting with
 * a letter no word of it starts with; minus the penalties of `tally`. Chinese, Japanese and Korean count as one language per script.
 * Only differences between decodings of the same bytes mean anything.
 */
export function plausibility(text: string): number {
  const { penalty, letters, initials, wordHits, byScript, nonAsciiLetters } = tally(text)
  if (nonAsciiLetters === 0) return -penalty
  let best = Math.max(2 * byScript[Script.Cjk] - nonAsciiLetters, 2 * byScript[Script.Hangul] - nonAsciiLetters)
  for (let index = 0; index < LANGUAGES.length; index++) {
    const { weights, neverInitial, prior } = LANGUAGES[index]
    let score = 0
    for (const [code, count] of letters) score += count * (weights.get(code) ?? FOREIGN_WEIGHT)
    if (score > 0) score *= prior
    score += wordHits[index] * COMMON_WORD_WEIGHT
    for (const [code, count] of initials) if (neverInitial.has(code)) score -= count * NEVER_INITIAL_PENALTY
    if (score > best) best = score
  }
  return best - penalty
}
