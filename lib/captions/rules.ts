// The timed-text rules a professional subtitler works to, in one place: the cue builder
// (build.ts), its checker (check.ts) and the editor's quality flags all read these numbers.
// Sources: the Netflix Timed Text Style Guides and the common broadcast guides.

/** Lines in one cue. */
export const MAX_LINES = 2
/** Shortest cue: 5/6 of a second (20 frames at 24 fps). */
export const MIN_CUE_MS = 833
/** Longest cue. */
export const MAX_CUE_MS = 7000
/** Least time between two cues: 2 frames at 24 fps. */
export const MIN_GAP_MS = 83
/** A silence this long between two words ends a cue. */
export const PAUSE_BREAK_MS = 300

export type CaptionLimits = {
  /** Reading speed: characters per second of the cue's duration. */
  maxCps: number
  /** Characters on one line. */
  maxLineChars: number
  /** Lines in one cue. */
  maxLines: number
}

const OTHERS: CaptionLimits = { maxCps: 17, maxLineChars: 42, maxLines: MAX_LINES }

/**
 * Per language: English reads 20 characters a second, Chinese 9, Japanese 4 (counted as Netflix
 * counts them); lines hold 16 characters in Chinese and Korean, 13 in Japanese. Korean (12 a
 * second) and Thai (35 a line, 15 a second) follow their own guides; every other language, in
 * Latin, Cyrillic, Arabic, Hebrew or Devanagari script, 42 a line and 17 a second.
 */
const BY_LANGUAGE: Record<string, CaptionLimits> = {
  en: { maxCps: 20, maxLineChars: 42, maxLines: MAX_LINES },
  'zh-CN': { maxCps: 9, maxLineChars: 16, maxLines: MAX_LINES },
  'zh-HK': { maxCps: 9, maxLineChars: 16, maxLines: MAX_LINES },
  ja: { maxCps: 4, maxLineChars: 13, maxLines: MAX_LINES },
  ko: { maxCps: 12, maxLineChars: 16, maxLines: MAX_LINES },
  th: { maxCps: 15, maxLineChars: 35, maxLines: MAX_LINES },
}

/** The limits of a language code (`en`, `zh-CN`, ...); `zh` alone counts as Chinese. */
export function captionLimits(language: string): CaptionLimits {
  if (BY_LANGUAGE[language]) return BY_LANGUAGE[language]
  if (language === 'zh' || language.startsWith('zh-')) return BY_LANGUAGE['zh-CN']
  return OTHERS
}

/** Languages written without spaces between words: words are joined as they are. */
export function joinsWithoutSpaces(language: string): boolean {
  return language === 'ja' || language === 'th' || language === 'zh' || language.startsWith('zh-')
}

/**
 * Articles that must stay on the line of their noun, for the languages that have them: a line or
 * a cue never ends on one. Elided forms (l', d') are joined to their noun already.
 */
const ARTICLES: Record<string, readonly string[]> = {
  en: ['a', 'an', 'the'],
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'du', 'au', 'aux'],
  de: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas'],
  it: ['il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'uno', 'una'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas'],
  nl: ['de', 'het', 'een'],
  sv: ['en', 'ett'],
  no: ['en', 'ei', 'et'],
  da: ['en', 'et'],
}

const articleSets = new Map(Object.entries(ARTICLES).map(([language, words]) => [language, new Set(words)]))

/** True when `word` is an article in `language`. */
export function isArticle(word: string, language: string): boolean {
  const set = articleSets.get(language)
  return set !== undefined && set.has(word.toLocaleLowerCase().replace(/[^\p{L}]/gu, ''))
}

/**
 * True when a break between `before` and `after` would part an article from its noun: `before` is
 * an article and `after` is not one too ("the the", a stammer, parts nothing). `after` undefined
 * means speech ends there, which parts nothing either.
 */
export function splitsArticle(before: string, after: string | undefined, language: string): boolean {
  return after !== undefined && isArticle(before, language) && !isArticle(after, language)
}

/** Sentence-ending punctuation, Latin and CJK (a closing quote or bracket may follow). */
const SENTENCE_END = /[.!?…。！？‼⁇]["'”’」』)\]]*$/u
/** A clause break: comma, semicolon, colon, dash, in Latin and CJK forms. */
const CLAUSE_END = /[,;:，、；：—–]["'”’」』)\]]*$/u

export const endsSentence = (word: string) => SENTENCE_END.test(word.trim())
export const endsClause = (word: string) => CLAUSE_END.test(word.trim())

/** Characters as a viewer counts them: code points, spaces included, line breaks not. */
export function visibleLength(text: string): number {
  return Array.from(text.replace(/\r?\n/g, '')).length
}
