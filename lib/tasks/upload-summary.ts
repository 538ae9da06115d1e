// What an estimate needs of an upload, computed where the file is parsed (in a worker thread for
// large files): the analysis without its cues, and the glossary help for its lines.
import { countMatchingEntries, suggestTerms, type MatchableEntry, type TermSuggestion } from '@/lib/glossary/suggest'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { analyseSubtitle, type AnalysedSubtitle } from './upload'

export type UploadSummary = Omit<AnalysedSubtitle, 'cues' | 'source'> & {
  segments: number
  glossary: { matches: Record<string, number>; suggestions: TermSuggestion[] }
}

/** Analyses an upload and sums it up for the estimate, with the user's glossary entries. */
export function summariseUpload(bytes: Uint8Array, entries: readonly MatchableEntry[], format: SubtitleFormat = 'srt'): UploadSummary {
  // The source text is not copied back from a worker: an estimate never stores it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { cues, source, ...rest } = analyseSubtitle(bytes, format)
  const texts = cues.map((c) => c.text)
  return {
    ...rest,
    segments: cues.length,
    glossary: { matches: countMatchingEntries(entries, texts, rest.detectedLanguage), suggestions: suggestTerms(cues, { language: rest.detectedLanguage, exclude: entries.map((e) => e.term) }) },
  }
}
