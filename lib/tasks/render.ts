import 'server-only'
import type { Segment, Task } from '@prisma/client'
import type { ExportContent } from '@/lib/subtitles'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { writeSubtitle } from '@/lib/subtitles/write'

export const EXPORT_CONTENT_TYPES: Record<SubtitleFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ass: 'text/x-ssa; charset=utf-8',
}

export const taskFormat = (format: string): SubtitleFormat => (format === 'vtt' || format === 'ass' ? format : 'srt')

/** What the file stored at completion holds: both texts when the task keeps the original, else the translation. */
export const storedContent = (task: Pick<Task, 'includeOriginalText'>): ExportContent => (task.includeOriginalText ? 'bilingual' : 'translated')

type SegmentRow = Pick<Segment, 'index' | 'startTime' | 'endTime' | 'originalText' | 'translatedText'>

/**
 * Renders a task as a subtitle file: the one place a task becomes bytes, for the file stored at
 * completion and for every export. `source` is the uploaded VTT or ASS file, needed only to write a
 * task back into its own format (lib/subtitles/write.ts keeps everything but the dialogue text).
 */
export function renderTaskFile({
  task,
  source,
  rows,
  format,
  content,
}: {
  task: Pick<Task, 'format'>
  source: string | null
  rows: SegmentRow[]
  format: SubtitleFormat
  content: ExportContent
}): { body: string; contentType: string } {
  const segments = rows.map((s) => ({ id: s.index, startTime: s.startTime, endTime: s.endTime, originalText: s.originalText, translatedText: s.translatedText ?? undefined }))
  const body = writeSubtitle({ sourceFormat: taskFormat(task.format), source, segments, format, content })
  return { body, contentType: EXPORT_CONTENT_TYPES[format] }
}
