import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import type { ExportContent } from '@/lib/srt'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { writeSubtitle } from '@/lib/subtitles/write'
import { findOwnTask } from './queries'
import { LONE_SURROGATE } from './upload'

export type ExportFile = { fileName: string; contentType: string; body: string }

/** `movie.srt` → `movie.translated.vtt` (the same rule as the dashboard's fallback name). */
export function exportName(fileName: string, format: SubtitleFormat, content: ExportContent): string {
  const base = fileName.replace(/\.(srt|vtt|ass|ssa)$/i, '') || 'subtitles'
  // An SSA upload written back into itself is still an SSA script.
  const ext = format === 'ass' && /\.ssa$/i.test(fileName) ? 'ssa' : format
  return `${base}.${content}.${ext}`
}

export const EXPORT_CONTENT_TYPES: Record<SubtitleFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ass: 'text/x-ssa; charset=utf-8',
}

export const taskFormat = (format: string): SubtitleFormat => (format === 'vtt' || format === 'ass' ? format : 'srt')

/**
 * Builds a download of the user's task as SRT, WebVTT or ASS (by default its own format) with the
 * translated, bilingual or original text. Rules: while the task is still translating only the
 * original can be exported (40900 otherwise: a half-translated file would silently mix both
 * languages); a task with nothing to write answers 40400 "no data to export"; a VTT or ASS task
 * exported in its own format is its uploaded file with the text replaced (lib/subtitles/write.ts).
 */
export async function exportTask({ userId, taskId, format, content }: { userId: string; taskId: string; format?: SubtitleFormat; content: ExportContent }): Promise<ExportFile> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating' && content !== 'original') throw new AppError('conflict', 'taskBusy')
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  const segments = rows.map((s) => ({ id: s.index, startTime: s.startTime, endTime: s.endTime, originalText: s.originalText, translatedText: s.translatedText ?? undefined }))
  const sourceFormat = taskFormat(task.format)
  const target = format ?? sourceFormat
  // The uploaded file is only needed to write a VTT or ASS task back into its own format.
  const source = target === sourceFormat && sourceFormat !== 'srt' ? ((await db.task.findUnique({ where: { id: taskId }, select: { source: true } }))?.source ?? null) : null
  const body = writeSubtitle({ sourceFormat, source, segments, format: target, content })
  if (segments.length === 0 || body.trim() === '' || body.trim() === 'WEBVTT') throw new AppError('not_found', 'noDataToExport')
  return { fileName: exportName(task.fileName, target, content), contentType: EXPORT_CONTENT_TYPES[target], body }
}

/**
 * A Content-Disposition header for a download name: an ASCII `filename` for old clients and the
 * exact name as RFC 5987 `filename*` (UTF-8, percent-encoded) whenever it is not plain ASCII.
 */
export function contentDisposition(name: string): string {
  const fileName = name.replace(LONE_SURROGATE, '\ufffd')
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
  return ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
