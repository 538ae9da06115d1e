// Quality checks of a translated cue, computed as the user types. Pure, so it is unit tested and
// cheap enough to run over 3,000 rows on every keystroke.

import { captionLimits, type CaptionLimits } from '@/lib/captions'
import { parseTime } from '@/lib/subtitles/time'

export type Limits = CaptionLimits

export type Flag = 'cps' | 'lineLength' | 'lines' | 'empty' | 'same' | 'glossary' | 'script' | 'noSpeech'


/** The Chinese script check of the task's language (lib/subtitles/chinese-script.ts), once loaded. */
export type ScriptFlagCheck = { isWrong: (text: string) => boolean }

export type RowQuality = { flags: Flag[]; cps: number; longestLine: number; lines: number; missingTerms: string[] }

/** A glossary entry as the editor checks it: the term in the original and its required translation. */
export type GlossaryTerm = { term: string; translation: string }

const folded = (text: string) => text.normalize('NFKC').toLowerCase()

/**
 * Glossary terms the original uses whose translation the translated text lacks (case-insensitive,
 * width-insensitive), so "Kenji → 健二" is flagged when the line says 健司.
 */
export function missingGlossaryTerms(original: string, translated: string, glossary: readonly GlossaryTerm[]): string[] {
  if (glossary.length === 0) return []
  const source = folded(original)
  const target = folded(translated)
  return glossary.filter((g) => g.term.trim() !== '' && source.includes(folded(g.term.trim())) && !target.includes(folded(g.translation.trim()))).map((g) => g.term)
}

/**
 * Starting limits per target language: the timed-text rules of lib/captions (42 characters a line
 * and 17 a second for most scripts, English 20 a second, Chinese 16 a line and 9 a second,
 * Japanese 13 and 4), the same numbers the subtitles made from speech are built to and the
 * export's line breaking (lib/subtitles/line-limits.ts) reads.
 */
export function defaultLimits(language: string): Limits {
  return captionLimits(language)
}

/** Bounds of each limit a user may set (the settings form keeps values inside them). */
export const LIMIT_BOUNDS: Record<keyof Limits, { min: number; max: number }> = {
  maxCps: { min: 1, max: 60 },
  maxLineChars: { min: 5, max: 120 },
  maxLines: { min: 1, max: 6 },
}

/** Clamps stored or typed limits; anything unreadable falls back to the language's default. */
export function sanitizeLimits(value: unknown, fallback: Limits): Limits {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const out = { ...fallback }
  for (const key of Object.keys(LIMIT_BOUNDS) as (keyof Limits)[]) {
    const n = Number(source[key])
    if (Number.isFinite(n) && n > 0) out[key] = Math.min(LIMIT_BOUNDS[key].max, Math.max(LIMIT_BOUNDS[key].min, Math.round(n)))
  }
  return out
}

// Formatting that is not read on screen: HTML-like tags and ASS override blocks such as {\an8}.
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g

/** What a viewer reads on each line: markup removed, counted in characters (not UTF-16 units). */
export function visibleLines(text: string): string[] {
  return text
    .replace(MARKUP, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
}

const length = (line: string) => Array.from(line).length

const normalized = (text: string) => text.replace(MARKUP, '').replace(/\s+/g, ' ').trim().toLowerCase()
// A cue of digits, symbols or music notes only is rightly the same in both languages.
const HAS_WORDS = /\p{L}/u

/**
 * The flags of one cue. Rules: an untranslated cue of a task still translating is not flagged
 * (`isPending`); an empty translation of a non-empty original is flagged "empty" and nothing else;
 * reading speed counts every visible character but line breaks over the duration; a Chinese
 * translation in the other script (Simplified in a zh-HK task) is flagged "script"; a cue of a
 * recording that covers no speech at all (`isSilent`, lib/captions/speech.ts) is flagged "noSpeech".
 */
export function checkCue(
  { original, translated, durationMs, isPending = false, isSilent = false }: { original: string; translated: string; durationMs: number; isPending?: boolean; isSilent?: boolean },
  /** `allowsSame`: a translation identical to its original is expected (a transcript alone). */
  limits: Limits & { allowsSame?: boolean },
  glossary: readonly GlossaryTerm[] = [],
  script: ScriptFlagCheck | null = null,
): RowQuality {
  const lines = visibleLines(translated)
  const nonEmpty = lines.filter((line) => line.length > 0)
  const chars = nonEmpty.reduce((sum, line) => sum + length(line), 0)
  const longestLine = nonEmpty.reduce((max, line) => Math.max(max, length(line)), 0)
  const seconds = durationMs / 1000
  const cps = chars === 0 ? 0 : seconds > 0 ? chars / seconds : Infinity
  const flags: Flag[] = isSilent ? ['noSpeech'] : []
  if (chars === 0) {
    if (!isPending && normalized(original) !== '') flags.push('empty')
    return { flags, cps, longestLine, lines: nonEmpty.length, missingTerms: [] }
  }
  if (cps > limits.maxCps) flags.push('cps')
  if (longestLine > limits.maxLineChars) flags.push('lineLength')
  if (nonEmpty.length > limits.maxLines) flags.push('lines')
  const same = normalized(original)
  if (!limits.allowsSame && same !== '' && HAS_WORDS.test(same) && same === normalized(translated)) flags.push('same')
  const missingTerms = missingGlossaryTerms(original, translated, glossary)
  if (missingTerms.length > 0) flags.push('glossary')
  if (script?.isWrong(translated)) flags.push('script')
  return { flags, cps, longestLine, lines: nonEmpty.length, missingTerms }
}

/** Durations in ms from `HH:MM:SS,mmm` strings (the client has no duration for edited times); 0 for a time that does not parse. */
export function timeToMs(value: string): number {
  return parseTime(value) ?? 0
}
