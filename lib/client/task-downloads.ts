'use client'

import { useQuery } from '@tanstack/react-query'
import { ApiError, localeHeaders, unwrapEnvelope } from './api'
import { queryKeys } from './keys'
import { dispositionName, exportFileName, type ExportContent, type ExportFormat } from './task-helpers'
import type { Task } from './tasks'

// Downloads of task exports (and, through downloadFile, of other resources' files), and an
// export's text for the browser's own use.

/**
 * Downloads an export. The file is fetched first (not a bare link) so an error answer of the API
 * shows as a message instead of replacing the page with JSON.
 */
export async function downloadExport(task: Pick<Task, 'id' | 'fileName' | 'targetLanguage'>, format: ExportFormat, content: ExportContent, { reflow = true, speakerPrefix = false }: { reflow?: boolean; speakerPrefix?: boolean } = {}): Promise<void> {
  // Lines are broken per language by default; reflow=false keeps the provider's own breaks; speakers=1 names speakers in SRT.
  const url = `/api/tasks/${encodeURIComponent(task.id)}/export?format=${format}&content=${content}${reflow ? '' : '&reflow=false'}${speakerPrefix ? '&speakers=1' : ''}`
  await downloadFile(url, exportFileName(task.fileName, format, content, task.targetLanguage))
}

/** An export's text (as downloadExport would save it), for the browser's own use: the video export's ASS script. */
export async function getExportText(taskId: string, format: ExportFormat, content: ExportContent, signal?: AbortSignal): Promise<string> {
  const res = await fetchExport(`/api/tasks/${encodeURIComponent(taskId)}/export?format=${format}&content=${content}`, signal)
  return res.text()
}

/**
 * An ASS task's script as uploaded, with its cues' saved times (its ASS export of the original):
 * the editor's preview writes the lines into it (components/video-export/ass-script.ts). Off for null.
 */
export function useAssSource(taskId: string | null) {
  return useQuery({
    queryKey: queryKeys.tasks.assSource(taskId ?? ''),
    queryFn: ({ signal }) => getExportText(taskId!, 'ass', 'original', signal),
    enabled: taskId !== null,
    staleTime: Infinity,
  })
}

/** Downloads the exports of several tasks as one ZIP, each in its own format unless one is given. */
export async function downloadZip(ids: string[], content: ExportContent, format?: ExportFormat): Promise<void> {
  const url = `/api/tasks/export.zip?ids=${ids.map(encodeURIComponent).join(',')}&content=${content}${format ? `&format=${format}` : ''}`
  await downloadFile(url, `subtitles.${content}.zip`)
}

/** A file answer of the export routes; an error envelope (or no answer) is thrown as an ApiError. */
async function fetchExport(url: string, signal?: AbortSignal): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'include', headers: localeHeaders(), signal })
  } catch {
    throw new ApiError(0, '', 0)
  }
  // A file comes back as the file; anything else is an error envelope.
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    unwrapEnvelope(res.status, res.statusText, await res.text())
    throw new ApiError(res.status * 100, `failed: ${res.status} ${res.statusText}`, res.status)
  }
  return res
}

/** Fetches a file download (an error answer shows as a message); other resources' downloads use it too. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await fetchExport(url)
  const blob = await res.blob()
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = dispositionName(res.headers.get('content-disposition')) ?? fallbackName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
