import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/http/app-error'
import { toSrt, toVtt, type ExportContent } from '@/lib/srt'
import { findOwnTask } from './queries'
import { LONE_SURROGATE } from './upload'

export type ExportFile = { fileName: string; contentType: string; body: string }

/** `movie.srt` → `movie.translated.vtt` (the same rule as the dashboard's fallback name). */
export function exportName(fileName: string, format: 'srt' | 'vtt', content: ExportContent): string {
  const base = fileName.replace(/\.srt$/i, '') || 'subtitles'
  return `${base}.${content}.${format}`
}

/**
 * Builds a download of the user's task as SRT or WebVTT with the translated, bilingual or original
 * text. Rules: while the task is still translating only the original can be exported (40900
 * otherwise: a half-translated file would silently mix both languages); a task with nothing to
 * write answers 40400 "no data to export".
 */
export async function exportTask({ userId, taskId, format, content }: { userId: string; taskId: string; format: 'srt' | 'vtt'; content: ExportContent }): Promise<ExportFile> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating' && content !== 'original') throw new AppError('conflict', 'taskBusy')
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  const segments = rows.map((s) => ({ id: s.index, startTime: s.startTime, endTime: s.endTime, originalText: s.originalText, translatedText: s.translatedText ?? undefined }))
  const body = format === 'srt' ? toSrt(segments, { content }) : toVtt(segments, { content })
  if (segments.length === 0 || body.trim() === '' || body.trim() === 'WEBVTT') throw new AppError('not_found', 'noDataToExport')
  return {
    fileName: exportName(task.fileName, format, content),
    contentType: format === 'srt' ? 'application/x-subrip; charset=utf-8' : 'text/vtt; charset=utf-8',
    body,
  }
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
