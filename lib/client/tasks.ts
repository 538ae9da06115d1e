'use client'

import { api, ApiError, localeHeaders, unwrapEnvelope } from './api'
import { dispositionName, exportFileName, type ExportContent, type ExportFormat } from './task-helpers'

// Client side of the task endpoints, typed for the dashboard and editor.

export type TaskStatus = 'translating' | 'completed' | 'failed'
export type TranslationService = 'deepseek' | 'google'
export type { ExportContent, ExportFormat } from './task-helpers'

export type TaskSegment = {
  id: number
  startTime: string
  endTime: string
  duration?: number
  originalText: string
  translatedText?: string | null
}

export type Task = {
  id: string
  fileName: string
  originalLanguage: string
  detectedLanguage?: string | null
  targetLanguage: string
  translationService: TranslationService
  includeOriginalText: boolean
  status: TaskStatus
  progress: number
  cost?: number
  submitTime?: string
  translationStartTime?: string | null
  translationEndTime?: string | null
  translationDuration?: number | null
  error?: string | null
  segmentCount?: number
}

export type TaskDetail = Task & { segments: TaskSegment[] }

export type TaskPage = {
  pageNum: number
  pageSize: number
  totalCount: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
  list: Task[]
}

export type Estimate = { segments: number; detectedLanguage: string; durationMs: number; cost: number; estimatedMs: number }

export const TASK_PAGE_SIZE = 10

export const taskKeys = {
  all: ['tasks'] as const,
  page: (page: number) => ['tasks', 'page', page] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  points: ['user', 'points'] as const,
}

export const listTasks = (page: number, signal?: AbortSignal) =>
  api<TaskPage>(`/api/tasks?page=${page}&size=${TASK_PAGE_SIZE}`, { method: 'GET', signal })

export const getTask = (id: string, signal?: AbortSignal) => api<TaskDetail>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'GET', signal })

export const deleteTask = (id: string) => api<unknown>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'DELETE' })

export function estimateFile(file: File, signal?: AbortSignal) {
  const form = new FormData()
  form.append('file', file)
  return api<Estimate>('/api/tasks/estimate', { form, signal })
}

export const getPoints = () => api<{ point: number }>('/api/user/get_point').then((data) => Number(data?.point ?? 0))

export const patchSegment = (taskId: string, segmentId: number, body: { originalText?: string; translatedText?: string }) =>
  api<TaskSegment | null>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}`, { method: 'PATCH', body })

export const retranslateSegment = (taskId: string, segmentId: number) =>
  api<TaskSegment | null>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/retranslate`, { method: 'POST' })

export type CreateTaskInput = {
  file: File
  sourceLanguage: string
  targetLanguage: string
  service: TranslationService
  includeOriginalText: boolean
}

/**
 * Creates a task with XHR so the dialog can show upload progress (fetch cannot report it).
 * Resolves with the task; rejects with an ApiError carrying the server's message, like `api()`.
 */
export function createTask(input: CreateTaskInput, onProgress: (fraction: number) => void): Promise<Task> {
  const form = new FormData()
  form.append('file', input.file)
  form.append('sourceLanguage', input.sourceLanguage)
  form.append('targetLanguage', input.targetLanguage)
  form.append('service', input.service)
  form.append('includeOriginalText', String(input.includeOriginalText))
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/tasks')
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(localeHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    xhr.onerror = () => reject(new ApiError(0, '', 0))
    xhr.onload = () => {
      try {
        resolve(unwrapEnvelope<Task>(xhr.status, xhr.statusText, xhr.responseText))
      } catch (error) {
        reject(error)
      }
    }
    xhr.send(form)
  })
}

/**
 * Downloads an export. The file is fetched first (not a bare link) so an error answer of the API
 * shows as a message instead of replacing the page with JSON.
 */
export async function downloadExport(task: Pick<Task, 'id' | 'fileName'>, format: ExportFormat, content: ExportContent): Promise<void> {
  const url = `/api/tasks/${encodeURIComponent(task.id)}/export?format=${format}&content=${content}`
  let res: Response
  try {
    res = await fetch(url, { credentials: 'include', headers: localeHeaders() })
  } catch {
    throw new ApiError(0, '', 0)
  }
  // A file comes back as the file; anything else is an error envelope.
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    unwrapEnvelope(res.status, res.statusText, await res.text())
    throw new ApiError(res.status * 100, `failed: ${res.status} ${res.statusText}`, res.status)
  }
  const blob = await res.blob()
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = dispositionName(res.headers.get('content-disposition')) ?? exportFileName(task.fileName, format, content)
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
