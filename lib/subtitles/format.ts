// Which subtitle format a file is, and reading any of them into the common cue shape.
import { parseSrt, type Cue } from '@/lib/subtitles/srt'
import { SrtError } from '@/lib/subtitles/errors'
import { parseAss } from '@/lib/subtitles/ass'
import { parseVtt } from '@/lib/subtitles/vtt'

export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ass'] as const
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number]

/** `.srt`, `.vtt`, `.ass` or `.ssa` in any case (SSA is read as ASS); null for anything else. */
export function formatFromFileName(name: string): SubtitleFormat | null {
  const match = /\.(srt|vtt|ass|ssa)$/i.exec(name.trim())
  if (!match) return null
  const ext = match[1].toLowerCase()
  return ext === 'ssa' ? 'ass' : (ext as SubtitleFormat)
}

/** Cues of a decoded file, in the shape SRT uploads already use. */
export function parseSubtitle(text: string, format: SubtitleFormat): Cue[] {
  if (format === 'vtt') return parseVtt(text).cues.map(plainCue)
  if (format === 'ass') return parseAss(text).cues.map(plainCue)
  return parseSrt(text)
}

function plainCue(cue: Cue): Cue {
  return { id: cue.id, startTime: cue.startTime, endTime: cue.endTime, startMs: cue.startMs, endMs: cue.endMs, text: cue.text }
}

/** Like `parseSrtOrThrow` for every format: blank text is `empty_file`, no cue is `invalid_format`. */
export function parseSubtitleOrThrow(text: string, format: SubtitleFormat): Cue[] {
  if (text.trim() === '') throw new SrtError('empty_file')
  const cues = parseSubtitle(text, format)
  if (cues.length === 0) throw new SrtError('invalid_format')
  return cues
}
