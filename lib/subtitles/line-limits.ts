// The per-language limits of a cue, in one place: the editor's quality checks, the export's line
// breaking (lib/subtitles/reflow.ts) and the speech pipeline read the same numbers, kept with the
// other timed-text rules in lib/captions/rules.ts. Pure, safe in the browser.
import { captionLimits, type CaptionLimits } from '@/lib/captions'

export type LineLimits = CaptionLimits

/** The limits of a target language (the common ones for any language without its own). */
export function lineLimitsFor(language: string): LineLimits {
  return captionLimits(language)
}
