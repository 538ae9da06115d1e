// Writing a task's segments out in any of the three formats, around the uploaded file when it is
// the same format (so VTT blocks and settings, and every ASS byte outside dialogue text, survive).
import { parseTime } from '@/lib/subtitles/time'
import { toSrt, toVtt, type ExportContent, type Segment } from '@/lib/subtitles/serialize'
import { newAssScript, parseAss, writeAss } from '@/lib/subtitles/ass'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { assName, renameVoices, voicesIn } from '@/lib/subtitles/speakers'
import { parseVtt, writeVtt, type VttCue } from '@/lib/subtitles/vtt'

export type WriteInput = {
  /** The uploaded file's format and, for VTT and ASS, its decoded text. */
  sourceFormat: SubtitleFormat
  source: string | null
  /** Segments in index order; `id` is the cue's number (1..n, as parsed). */
  segments: readonly Segment[]
  format: SubtitleFormat
  content: ExportContent
  /** SRT: "Name: " before each speaker's lines (VTT and ASS carry speakers in their own fields). */
  speakerPrefix?: boolean
}

const clean = (text: string | undefined) => (text ?? '').replace(/\r\n?/g, '\n').split('\n').filter((line) => line.trim() !== '').join('\n')

/**
 * The text of a cue written into its own source file: undefined keeps the source's text (and its
 * inline tags) as uploaded. Rules: `translated` falls back to the source when untranslated;
 * `bilingual` is the original above the translation in every format (in ASS one event, `\N`
 * between them), as the SRT export writes it.
 */
function textFor(segment: Segment | undefined, content: ExportContent): string | undefined {
  if (!segment || content === 'original') return undefined
  const translated = clean(segment.translatedText)
  if (!translated) return undefined
  if (content === 'translated') return translated
  const original = clean(segment.originalText)
  if (translated === original) return undefined
  return `${original}\n${translated}`
}

function timingOf(segment: Segment | undefined): { startMs: number; endMs: number } | undefined {
  if (!segment) return undefined
  const startMs = parseTime(segment.startTime)
  const endMs = parseTime(segment.endTime)
  return startMs === null || endMs === null ? undefined : { startMs, endMs }
}

/** A WebVTT cue with its voices named as the task names its speakers now (the file's own names are where the labels came from, in order). */
function withVoices(cue: VttCue, names: readonly string[] | undefined): VttCue {
  const from = voicesIn(cue.source.text)
  if (!names?.length || from.length === 0) return cue
  return { ...cue, lead: renameVoices(cue.lead, from, names), source: { ...cue.source, text: renameVoices(cue.source.text, from, names) } }
}

/**
 * The export body. Rules: same format as uploaded → written back into the source, its speakers
 * (WebVTT voices, ASS Name fields) named as the segments' speakers now are; otherwise a fresh file.
 */
export function writeSubtitle({ sourceFormat, source, segments, format, content, speakerPrefix = false }: WriteInput): string {
  const byId = new Map(segments.map((s) => [s.id, s]))
  if (format === 'ass' && sourceFormat === 'ass' && source !== null) {
    const doc = parseAss(source)
    return writeAss(
      doc,
      doc.cues.map((cue) => textFor(byId.get(cue.id), content)),
      doc.cues.map((cue) => timingOf(byId.get(cue.id))),
      doc.cues.map((cue) => {
        const speakers = byId.get(cue.id)?.speakers
        return speakers?.length ? assName(speakers) : undefined
      }),
    )
  }
  if (format === 'vtt' && sourceFormat === 'vtt' && source !== null) {
    const doc = parseVtt(source)
    // Shifted segments move their cue; ids, settings and blocks stay.
    const cues = doc.cues.map((cue) => ({ ...withVoices(cue, byId.get(cue.id)?.speakers), ...timingOf(byId.get(cue.id)) }))
    return writeVtt({ ...doc, cues }, doc.cues.map((cue) => textFor(byId.get(cue.id), content)))
  }
  if (format === 'srt') return toSrt(segments, { content, speakerPrefix })
  if (format === 'vtt') return toVtt(segments, { content })
  return newAssScript(
    segments.map((segment) => {
      const time = timingOf(segment) ?? { startMs: 0, endMs: 0 }
      const name = segment.speakers?.length ? assName(segment.speakers) : undefined
      return { ...time, text: textFor(segment, content) ?? clean(segment.originalText), name }
    }),
  )
}
