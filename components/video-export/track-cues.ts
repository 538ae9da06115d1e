// The editor's segments as the subtitle tracks of a track export (a burned-in export draws them
// as the renderer's cues, cues.ts).
import type { CueSource } from './cues'
import { parseTime } from '@/lib/subtitles/time'
import type { SubtitleTrack } from './tracks'

export type TrackChoice = {
  /** Language codes of the translation and the original (BCP 47). */
  languages: { translation: string; original: string }
  hasTranslation: boolean
  /** Add the original as a second track beside the translation. */
  includeOriginal: boolean
}

/** A language's name in that language (`fr` -> `Français`), the title players show for its track. */
export function languageTitle(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1)
  } catch {
    return code
  }
}

/**
 * The subtitle tracks of a track export: the translation first (it plays by default), then the
 * original when asked; a task without a translation gives its original alone. An untranslated
 * line falls back to the original, as the translated subtitle export does.
 */
export function toSubtitleTracks(segments: CueSource[], { languages, hasTranslation, includeOriginal }: TrackChoice): SubtitleTrack[] {
  const timed = segments
    .map((s) => ({ startMs: parseTime(s.startTime) ?? 0, endMs: parseTime(s.endTime) ?? 0, original: s.original, translation: s.translation }))
    .filter((c) => c.endMs > c.startMs)
    .sort((a, b) => a.startMs - b.startMs)
  const original: SubtitleTrack = { language: languages.original, title: languageTitle(languages.original), content: 'original', cues: timed.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.original })) }
  if (!hasTranslation) return [original]
  const translation: SubtitleTrack = { language: languages.translation, title: languageTitle(languages.translation), content: 'translation', cues: timed.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.translation || c.original })) }
  return includeOriginal ? [translation, original] : [translation]
}
