import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { ExportContent } from '@/lib/subtitles'
import { log } from '@/lib/log'
import { exportFileName, type SubtitleFormat } from '@/lib/subtitles/format'
import { findOwnTask } from './queries'
import { EXPORT_CONTENT_TYPES, REFLOW_BY_DEFAULT, renderTaskFile, storedContent, taskFormat } from './render'
import { speakerNamesOf } from './speakers'
import { appStorage } from './storage'
import { LONE_SURROGATE } from './upload'

export type ExportFile = { fileName: string; contentType: string; body: string }

/** `movie.srt` → `movie.ja.translated.vtt`: the browser's fallback name and the ZIP entries are the same function. */
export const exportName = exportFileName

/**
 * Builds a download of the user's task as SRT, WebVTT or ASS (by default its own format) with the
 * translated, bilingual or original text. Rules: while the task is still translating only the
 * original can be exported (40900 otherwise: a half-translated file would silently mix both
 * languages); a task with nothing to write answers 40400 "no data to export"; a VTT or ASS task
 * exported in its own format is its uploaded file with the text replaced (lib/subtitles/write.ts);
 * the file stored at completion is served while it is current; translations are broken into lines
 * per language unless `reflow` is false (lib/subtitles/reflow.ts); `speakerPrefix` writes "Name: "
 * before each speaker's lines in SRT (WebVTT and ASS always carry a transcription's speakers).
 */
export async function exportTask({
  userId,
  taskId,
  format,
  content,
  reflow = REFLOW_BY_DEFAULT,
  speakerPrefix = false,
}: {
  userId: string
  taskId: string
  format?: SubtitleFormat
  content: ExportContent
  reflow?: boolean
  speakerPrefix?: boolean
}): Promise<ExportFile> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating' && content !== 'original') throw new AppError('conflict', 'taskBusy')
  const sourceFormat = taskFormat(task.format)
  const target = format ?? sourceFormat
  const fileName = exportName(task.fileName, target, content, task.targetLanguage)
  // The stored file is written with lines broken per language and speakers as they were then
  // named, so it serves only such exports of a task whose speakers have no names.
  const hasNames = Object.keys(speakerNamesOf(task.speakerNames)).length > 0
  const stored = reflow && !speakerPrefix && !hasNames ? await storedFile(task, target, content) : null
  if (stored !== null) return { fileName, contentType: EXPORT_CONTENT_TYPES[target], body: stored }
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
  // The uploaded file is only needed to write a VTT or ASS task back into its own format.
  const source = target === sourceFormat && sourceFormat !== 'srt' ? ((await db.task.findUnique({ where: { id: taskId }, select: { source: true } }))?.source ?? null) : null
  const { body, contentType } = renderTaskFile({ task, source, rows, format: target, content, reflow, speakerPrefix })
  if (rows.length === 0 || body.trim() === '' || body.trim() === 'WEBVTT') throw new AppError('not_found', 'noDataToExport')
  return { fileName, contentType, body }
}

type StoredTask = Awaited<ReturnType<typeof findOwnTask>>

/**
 * The file stored at completion, when it is what was asked for and still current: the task's own
 * format and content, and no segment changed since (edits, shifts and retranslations mark
 * `editedAt`). Null otherwise, or when storage fails: the export is then rendered afresh.
 */
async function storedFile(task: StoredTask, format: SubtitleFormat, content: ExportContent): Promise<string | null> {
  if (task.status !== 'completed' || !task.storageKey || !task.translationEndTime) return null
  if (format !== taskFormat(task.format) || content !== storedContent(task)) return null
  const changed = await db.segment.count({ where: { taskId: task.id, editedAt: { gt: task.translationEndTime } } })
  if (changed > 0) return null
  try {
    const bytes = await appStorage().get(task.storageKey)
    return bytes ? bytes.toString('utf8') : null
  } catch (error) {
    log.warn('tasks.stored_file_unreadable', { taskId: task.id, error })
    return null
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
