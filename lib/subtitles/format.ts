// Which subtitle format a file is, and reading any of them into the common cue shape.
import { parseSrt, type Cue } from '@/lib/subtitles/srt'
import { SrtError } from '@/lib/subtitles/errors'
import { parseAss } from '@/lib/subtitles/ass'
import { assNamesIn, voicesIn } from '@/lib/subtitles/speakers'
import { parseVtt } from '@/lib/subtitles/vtt'

/** The formats a task is read from and exported to: the one list (server schemas, contract, browser). */
export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ass'] as const
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number]
/** Each format's name as people know it. */
export const FORMAT_LABELS: Record<SubtitleFormat, string> = { srt: 'SRT', vtt: 'WebVTT', ass: 'ASS' }

/** What an export holds: the one list, in the order the export menus offer it. */
export const EXPORT_CONTENTS = ['translated', 'bilingual', 'original'] as const
export type ExportContent = (typeof EXPORT_CONTENTS)[number]

/** The file extensions an upload may have, in any case; SSA is read as ASS. */
export const SUBTITLE_EXTENSIONS = ['srt', 'vtt', 'ass', 'ssa'] as const
const EXTENSION = /\.(srt|vtt|ass|ssa)$/i

/** True for a name ending in one of SUBTITLE_EXTENSIONS (any case, surrounding space ignored). */
export const isSubtitleFileName = (name: string): boolean => EXTENSION.test(name.trim())

/** `.srt`, `.vtt`, `.ass` or `.ssa` in any case (SSA is read as ASS); null for anything else. */
export function formatFromFileName(name: string): SubtitleFormat | null {
  const match = EXTENSION.exec(name.trim())
  if (!match) return null
  const ext = match[1].toLowerCase()
  return ext === 'ssa' ? 'ass' : (ext as SubtitleFormat)
}

// A transcription task is named after its video or recording: its extension is no part of a subtitle's name.
const RECORDING_EXTENSION = /\.(mp4|m4v|mov|mkv|webm|m4a|mp3|wav|ogg|oga|opus|flac|aac)$/i

/**
 * The name of an export: `movie.srt` → `movie.ja.translated.vtt`, `talk.mp4` → `talk.en.translated.srt`.
 * One rule for the server's Content-Disposition, the browser's fallback name and each entry of a
 * ZIP: the task's target language before the content, so one file translated into two languages
 * gives two names; an SSA upload written back into its own format is still an SSA script.
 */
export function exportFileName(fileName: string, format: SubtitleFormat, content: ExportContent, language: string): string {
  const base = fileName.replace(EXTENSION, '').replace(RECORDING_EXTENSION, '') || 'subtitles'
  const ext = format === 'ass' && /\.ssa$/i.test(fileName) ? 'ssa' : format
  return `${base}.${language}.${content}.${ext}`
}

/** Cues of a decoded file, in the shape SRT uploads already use, with their speakers when the file names them (WebVTT voices, ASS Name fields). */
export function parseSubtitle(text: string, format: SubtitleFormat): Cue[] {
  if (format === 'vtt') return parseVtt(text).cues.map((cue) => plainCue(cue, voicesIn(cue.source.text)))
  if (format === 'ass') return parseAss(text).cues.map((cue) => plainCue(cue, assNamesIn(cue.name)))
  return parseSrt(text)
}

function plainCue(cue: Cue, speakers: string[]): Cue {
  return { id: cue.id, startTime: cue.startTime, endTime: cue.endTime, startMs: cue.startMs, endMs: cue.endMs, text: cue.text, ...(speakers.length > 0 ? { speakers } : {}) }
}

/** Like `parseSrtOrThrow` for every format: blank text is `empty_file`, no cue is `invalid_format`. */
export function parseSubtitleOrThrow(text: string, format: SubtitleFormat): Cue[] {
  if (text.trim() === '') throw new SrtError('empty_file')
  const cues = parseSubtitle(text, format)
  if (cues.length === 0) throw new SrtError('invalid_format')
  return cues
}
