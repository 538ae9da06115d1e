import 'server-only'
import { Zip, ZipDeflate, strToU8 } from 'fflate'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { ExportContent } from '@/lib/subtitles'
import type { SubtitleFormat } from '@/lib/subtitles/format'
import { exportTask } from './export'

/**
 * A file's name inside the ZIP: its export name (`movie.ja.translated.srt`, the language already in
 * it, so one file in two languages gives two entries); a name already taken gets ` (2)`, ` (3)`...
 * before its extension.
 */
export function zipEntryName(exportName: string, taken: Set<string>): string {
  let name = exportName
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = exportName.replace(/(\.[a-z]+)$/, ` (${n})$1`)
  taken.add(name.toLowerCase())
  return name
}

/**
 * The exports of several of the user's tasks as one ZIP, streamed: each file is written and
 * compressed when the client reads on, never the whole archive in memory. Rules: every id must be
 * the user's (40400 otherwise) and completed (40900: a running task's translation is not final);
 * each file is what GET /api/tasks/{id}/export gives for the same format and content.
 */
export async function exportZip({
  userId,
  ids,
  format,
  content,
  reflow,
}: {
  userId: string
  ids: string[]
  format?: SubtitleFormat
  content: ExportContent
  reflow?: boolean
}): Promise<ReadableStream<Uint8Array>> {
  const tasks = await db.task.findMany({ where: { id: { in: ids }, userId }, select: { id: true, status: true, submitTime: true } })
  if (tasks.length !== ids.length) throw new AppError('not_found', 'taskNotFound')
  if (tasks.some((t) => t.status !== 'completed')) throw new AppError('conflict', 'taskBusy')
  // Oldest first, the order the user created them in.
  tasks.sort((a, b) => a.submitTime.getTime() - b.submitTime.getTime() || a.id.localeCompare(b.id))
  const taken = new Set<string>()
  let next = 0
  let zip: Zip
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error)
        controller.enqueue(chunk)
        if (final) controller.close()
      })
    },
    async pull() {
      if (next >= tasks.length) return zip.end()
      const task = tasks[next++]
      const file = await exportTask({ userId, taskId: task.id, format, content, reflow })
      const entry = new ZipDeflate(zipEntryName(file.fileName, taken), { level: 6 })
      zip.add(entry)
      entry.push(strToU8(file.body), true)
    },
  })
}
