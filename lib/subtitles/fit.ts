// Whether a translated cue can be shown in the time it is on screen: within two lines at its
// language's line limit (broken as the export breaks it, lib/subtitles/reflow.ts) and within the
// language's reading speed for the cue's duration (lib/captions/rules.ts). Pure, safe in the browser.
import { lineLimitsFor, type LineLimits } from '@/lib/subtitles/line-limits'
import { reflowCue, visibleCueLines } from '@/lib/subtitles/reflow'

export type CueFit = {
  fits: boolean
  /** Visible characters (markup and line breaks left out, spaces counted), as the editor counts them. */
  chars: number
  /** Characters per second of the cue's duration (Infinity for a cue with no duration). */
  cps: number
  /** Whether the text, broken for its language, fits the lines a cue holds. */
  fitsLines: boolean
  /** Whether it can be read at the language's speed in the cue's time. */
  fitsReading: boolean
}

const count = (line: string) => Array.from(line).length

// Scripts written without spaces break between any two characters; spaced ones only between words,
// so their two lines hold somewhat less than twice the limit.
const UNSPACED_LANGUAGES = /^(zh|ja|th)(-|$)/
const SPACED_SLACK = 0.1

/** A cue's fit for `language` (its default limits unless given). */
export function cueFit(text: string, durationMs: number, language: string, limits: LineLimits = lineLimitsFor(language)): CueFit {
  const lines = visibleCueLines(reflowCue(text, language, limits.maxLineChars))
  const chars = lines.reduce((sum, line) => sum + count(line), 0)
  const seconds = durationMs / 1000
  const cps = chars === 0 ? 0 : seconds > 0 ? chars / seconds : Infinity
  const fitsLines = lines.length <= limits.maxLines && lines.every((line) => count(line) <= limits.maxLineChars)
  const fitsReading = cps <= limits.maxCps
  return { fits: fitsLines && fitsReading, chars, cps, fitsLines, fitsReading }
}

/**
 * The characters a cue of `durationMs` can show in `language`: what is read at the language's speed
 * in that time, and no more than its lines hold (a tenth less for spaced scripts, whose lines
 * break between words). The number a shortened translation is asked to stay within.
 */
export function fitChars(durationMs: number, language: string, limits: LineLimits = lineLimitsFor(language)): number {
  const reading = Math.floor((limits.maxCps * Math.max(0, durationMs)) / 1000)
  const room = limits.maxLines * limits.maxLineChars
  const lines = UNSPACED_LANGUAGES.test(language) ? room : Math.floor(room * (1 - SPACED_SLACK))
  return Math.min(reading, lines)
}
