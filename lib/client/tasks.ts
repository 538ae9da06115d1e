'use client'

import { api, ApiError, localeHeaders, unwrapEnvelope } from './api'
import type { z } from 'zod'
import type { Page } from '@/lib/pagination'
import type { segmentChange } from '@/lib/tasks/schemas'
import type { Estimate, SegmentDto as TaskSegment, TaskDetailDto, TaskDto as Task } from '@/lib/tasks/contract'
import { dispositionName, exportFileName, mergeTaskChanges, type ExportContent, type ExportFormat } from './task-helpers'

// Client side of the task endpoints, typed for the dashboard and editor.

// Response shapes come from the server's contract (lib/tasks/contract.ts): never written twice.
export type { TaskDto as Task, SegmentDto as TaskSegment, TranslatedBy, Estimate, TermSuggestion, TaskStatusName as TaskStatus } from '@/lib/tasks/contract'
export type TranslationService = 'deepseek' | 'google'
export type { ExportContent, ExportFormat } from './task-helpers'
/** A task with all its segments, and the cursor its next poll asks from. */
export type TaskDetail = TaskDetailDto & { segments: TaskSegment[] }
export type TaskPage = Page<Task>

export const TASK_PAGE_SIZE = 10

export const taskKeys = {
  all: ['tasks'] as const,
  page: (page: number) => ['tasks', 'page', page] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  points: ['user', 'points'] as const,
}

export const listTasks = (page: number, signal?: AbortSignal) =>
  api<TaskPage>(`/api/tasks?page=${page}&size=${TASK_PAGE_SIZE}`, { method: 'GET', signal })

/** Where a transcription's recording is served (byte ranges), for the editor's player. */
export const taskAudioUrl = (id: string) => `/api/tasks/${encodeURIComponent(id)}/audio`

export const getTask = (id: string, signal?: AbortSignal) => api<TaskDetail>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'GET', signal })

/** The task with only the segments written since `cursor` (an earlier answer's), for polls while it translates. */
export const getTaskChanges = (id: string, cursor: string, signal?: AbortSignal) =>
  api<TaskDetail>(`/api/tasks/${encodeURIComponent(id)}?since=${encodeURIComponent(cursor)}`, { method: 'GET', signal })

/**
 * The next poll of a task: only what changed when the cache holds all its segments and a cursor,
 * merged into them; the whole task otherwise, or when the merge finds rows it does not know.
 */
export async function pollTask(id: string, previous: TaskDetail | undefined, signal?: AbortSignal): Promise<TaskDetail> {
  if (!previous?.cursor || !previous.segments) return getTask(id, signal)
  return mergeTaskChanges(previous, await getTaskChanges(id, previous.cursor, signal)) ?? getTask(id, signal)
}

export const deleteTask = (id: string) => api<unknown>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'DELETE' })

/** Runs a failed task again: only its missing lines are translated, its cost reserved once more. */
export const retryTask = (id: string) => api<Task>(`/api/tasks/${encodeURIComponent(id)}/retry`, { method: 'POST' })

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

/** One change of the bulk endpoint: texts and/or both times of a segment. */
export type SegmentWrite = z.input<typeof segmentChange>

export const patchSegments = (taskId: string, segments: SegmentWrite[]) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments`, { method: 'PATCH', body: { segments } })

export const retranslateSegments = (taskId: string, ids: number[]) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments/retranslate`, { method: 'POST', body: { ids } })

export const shiftSegments = (taskId: string, offsetMs: number, ids?: number[]) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments/shift`, { method: 'POST', body: { offsetMs, ...(ids ? { ids } : {}) } })

export type CreateTaskInput = {
  file: File
  /** The file's estimate kept it: sent instead of the file's bytes. */
  uploadId?: string
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
  const send = (withBytes: boolean) => {
    const form = new FormData()
    if (withBytes || !input.uploadId) form.append('file', input.file)
    else form.append('uploadId', input.uploadId)
    form.append('sourceLanguage', input.sourceLanguage)
    form.append('targetLanguage', input.targetLanguage)
    form.append('service', input.service)
    form.append('includeOriginalText', String(input.includeOriginalText))
    return postForm<Task>('/api/tasks', form, onProgress)
  }
  return sendingBytesOnlyIfExpired(Boolean(input.uploadId), send)
}

export type CreateBatchInput = Omit<CreateTaskInput, 'file' | 'uploadId' | 'targetLanguage'> & {
  files: File[]
  /** The files' upload ids from their estimates, in the same order (all of them, or none). */
  uploadIds?: string[]
  targetLanguages: string[]
}

/** Creates one task per file and target language in one request (all or none), with upload progress. */
export function createTaskBatch(input: CreateBatchInput, onProgress: (fraction: number) => void): Promise<{ tasks: Task[] }> {
  const hasIds = input.uploadIds !== undefined && input.uploadIds.length === input.files.length
  const send = (withBytes: boolean) => {
    const form = new FormData()
    if (withBytes || !hasIds) for (const file of input.files) form.append('file', file)
    else for (const id of input.uploadIds!) form.append('uploadId', id)
    for (const target of input.targetLanguages) form.append('targetLanguage', target)
    form.append('sourceLanguage', input.sourceLanguage)
    form.append('service', input.service)
    form.append('includeOriginalText', String(input.includeOriginalText))
    return postForm<{ tasks: Task[] }>('/api/tasks/batch', form, onProgress)
  }
  return sendingBytesOnlyIfExpired(hasIds, send)
}

/**
 * Names the kept upload first; only when the server no longer has it (40400: kept a day, the
 * dialog stayed open longer) are the file's bytes sent after all.
 */
async function sendingBytesOnlyIfExpired<T>(hasIds: boolean, send: (withBytes: boolean) => Promise<T>): Promise<T> {
  if (!hasIds) return send(true)
  try {
    return await send(false)
  } catch (error) {
    if (error instanceof ApiError && error.code === 40400) return send(true)
    throw error
  }
}

function postForm<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(localeHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    xhr.onerror = () => reject(new ApiError(0, '', 0))
    xhr.onload = () => {
      try {
        resolve(unwrapEnvelope<T>(xhr.status, xhr.statusText, xhr.responseText))
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
  await download(url, exportFileName(task.fileName, format, content))
}

/** Downloads the exports of several tasks as one ZIP, each in its own format unless one is given. */
export async function downloadZip(ids: string[], content: ExportContent, format?: ExportFormat): Promise<void> {
  const url = `/api/tasks/export.zip?ids=${ids.map(encodeURIComponent).join(',')}&content=${content}${format ? `&format=${format}` : ''}`
  await download(url, `subtitles.${content}.zip`)
}

async function download(url: string, fallbackName: string): Promise<void> {
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
  link.download = dispositionName(res.headers.get('content-disposition')) ?? fallbackName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
