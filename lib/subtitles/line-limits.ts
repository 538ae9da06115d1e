// The per-language limits of a cue, in one place: the editor's quality checks and the export's line
// breaking (lib/subtitles/reflow.ts) read the same numbers. Pure, safe in the browser.

export type LineLimits = {
  /** Reading speed: characters per second of the cue's duration. */
  maxCps: number
  /** Characters on one line. */
  maxLineChars: number
  /** Lines in one cue. */
  maxLines: number
}

const LATIN: LineLimits = { maxCps: 17, maxLineChars: 42, maxLines: 2 }

/**
 * Starting limits per target language, after the common timed-text style guides: 42 characters a
 * line and 17 a second for Latin, Cyrillic and most scripts; CJK counts each character and
 * reads fewer: 16 a line for Chinese, 13 for Japanese, 16 for Korean, 9 a second (12 for Korean).
 */
const BY_LANGUAGE: Record<string, LineLimits> = {
  'zh-CN': { maxCps: 9, maxLineChars: 16, maxLines: 2 },
  'zh-HK': { maxCps: 9, maxLineChars: 16, maxLines: 2 },
  ja: { maxCps: 9, maxLineChars: 13, maxLines: 2 },
  ko: { maxCps: 12, maxLineChars: 16, maxLines: 2 },
  th: { maxCps: 15, maxLineChars: 35, maxLines: 2 },
}

/** The limits of a target language (Latin ones for any language without its own). */
export function lineLimitsFor(language: string): LineLimits {
  return BY_LANGUAGE[language] ?? LATIN
}
