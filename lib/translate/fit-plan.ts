import { cueFit, fitChars } from '@/lib/subtitles/fit'
import type { CondenseLine, TranslateProvider } from './providers/types'

// Which translated lines do not fit their cue and what to do about each, and what an answer to a
// condense request makes of a line: the pure rules of "translations that fit their time", shared
// by the task's step (lib/tasks/pipeline/fit.ts) and bench/fit.ts.

/** A translated line with who made it and how long its cue is on screen. */
export type FitRow = { id: number; text: string; translation: string; translatedBy: string | null; durationMs: number; speaker?: string }

/** Below this many characters no shortening can help (a cue of a few frames): the line is flagged. */
const MIN_TARGET_CHARS = 2
// Lines a person wrote or the speech made are theirs; the rest are a machine's to shorten.
const NOT_SHORTENED = new Set(['edited', 'speech'])

/**
 * Sorts the rows that do not fit their cue (lib/subtitles/fit.ts): a line `provider` made (or an
 * identical line's answer) goes to it to be shortened within the characters its cue holds, when it
 * can shorten; any other (another service, the translation memory) is only flagged `over`. Blank
 * lines, a person's and the speech's are left out.
 */
export function linesToFit(rows: readonly FitRow[], { targetLanguage, provider }: { targetLanguage: string; provider: Pick<TranslateProvider, 'name' | 'condenseBatch'> }) {
  const toShorten: CondenseLine[] = []
  const over: { id: number; text: string }[] = []
  for (const row of rows) {
    if (row.translation.trim() === '' || NOT_SHORTENED.has(row.translatedBy ?? '')) continue
    if (cueFit(row.translation, row.durationMs, targetLanguage).fits) continue
    const maxChars = fitChars(row.durationMs, targetLanguage)
    const canShorten = provider.condenseBatch !== undefined && (row.translatedBy === provider.name || row.translatedBy === 'repeat')
    if (canShorten && maxChars >= MIN_TARGET_CHARS) toShorten.push({ id: row.id, text: row.text, translation: row.translation, maxChars, ...(row.speaker ? { speaker: row.speaker } : {}) })
    else over.push({ id: row.id, text: row.translation })
  }
  return { toShorten, over }
}

/**
 * What an answer makes of a line sent to be shortened: the shorter text, `shortened` when it now
 * fits its cue or `over_shortened` when it is still too long (kept, flagged); null when there is
 * no answer or it is no shorter than the translation (which then stands, flagged `over`).
 */
export function shortenedLine(line: CondenseLine, answer: string | undefined, durationMs: number, targetLanguage: string): { text: string; fit: 'shortened' | 'over_shortened' } | null {
  if (answer === undefined) return null
  const chars = (text: string) => cueFit(text, 1, targetLanguage).chars
  if (chars(answer) >= chars(line.translation)) return null
  return { text: answer, fit: cueFit(answer, durationMs, targetLanguage).fits ? 'shortened' : 'over_shortened' }
}
