import 'server-only'
import type { Segment, Task } from '@prisma/client'
import type { ExportContent } from '@/lib/subtitles'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { reflowCue } from '@/lib/subtitles/reflow'
import { writeSubtitle } from '@/lib/subtitles/write'
import { speakerDisplayNames, speakerNamesOf } from './speakers'

export const EXPORT_CONTENT_TYPES: Record<SubtitleFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ass: 'text/x-ssa; charset=utf-8',
}

export const taskFormat = (format: string): SubtitleFormat => (format === 'vtt' || format === 'ass' ? format : 'srt')

/** What the file stored at completion holds: both texts when the task keeps the original, else the translation. */
export const storedContent = (task: Pick<Task, 'includeOriginalText'>): ExportContent => (task.includeOriginalText ? 'bilingual' : 'translated')

/** What exports do unless asked otherwise: break translated lines the way the target language breaks them. */
export const REFLOW_BY_DEFAULT = true

type SegmentRow = Pick<Segment, 'index' | 'startTime' | 'endTime' | 'originalText' | 'translatedText'> & { speakers?: string[] }

/**
 * Renders a task as a subtitle file: the one place a task becomes bytes, for the file stored at
 * completion and for every export. `source` is the uploaded VTT or ASS file, needed only to write a
 * task back into its own format (lib/subtitles/write.ts keeps everything but the dialogue text).
 * With `reflow` each translation is broken into at most two lines for the target language
 * (lib/subtitles/reflow.ts); without it the provider's (or the editor's) breaks are kept. Cues
 * with speakers carry their names (WebVTT voice spans, the ASS Name field, and "Name: " in SRT
 * with `speakerPrefix`), as the creator named them or "Speaker 1" when unnamed.
 */
export function renderTaskFile({
  task,
  source,
  rows,
  format,
  content,
  reflow = REFLOW_BY_DEFAULT,
  speakerPrefix = false,
}: {
  task: Pick<Task, 'format' | 'targetLanguage'> & { speakerNames?: unknown }
  source: string | null
  rows: SegmentRow[]
  format: SubtitleFormat
  content: ExportContent
  reflow?: boolean
  speakerPrefix?: boolean
}): { body: string; contentType: string } {
  const names = speakerNamesOf(task.speakerNames)
  const segments = rows.map((s) => ({
    id: s.index,
    startTime: s.startTime,
    endTime: s.endTime,
    originalText: s.originalText,
    translatedText: translationOf(s.translatedText, task.targetLanguage, reflow),
    ...(s.speakers?.length ? { speakers: speakerDisplayNames(s.speakers, names) } : {}),
  }))
  const body = writeSubtitle({ sourceFormat: taskFormat(task.format), source, segments, format, content, speakerPrefix })
  return { body, contentType: EXPORT_CONTENT_TYPES[format] }
}

function translationOf(text: string | null, language: string, reflow: boolean): string | undefined {
  if (text === null) return undefined
  return reflow ? reflowCue(text, language) : text
}
