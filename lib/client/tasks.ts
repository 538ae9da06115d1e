'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, isApiError } from './api'
import type { z } from 'zod'
import type { Page } from '@/lib/pagination'
import type { mergeSegmentsBody, segmentChange, splitSegmentBody } from '@/lib/tasks/schemas'
import type { Estimate, SegmentDto as TaskSegment, TaskDetailDto, TaskDto as Task } from '@/lib/tasks/contract'
import type { TranslationService } from '@/lib/translate/service'
import type { TimedWord } from '@/lib/captions'
import { queryKeys } from './keys'
import { postForm } from './post-form'
import { invalidatePoints } from './points'
import { mergeTaskChanges, withSegments } from './task-helpers'

// Client side of the task endpoints, typed for the dashboard and editor.

// Response shapes come from the server's contract (lib/tasks/contract.ts): never written twice.
export type { TaskDto as Task, SegmentDto as TaskSegment, TranslatedBy, Estimate, TermSuggestion } from '@/lib/tasks/contract'
export type { TranslationService } from '@/lib/translate/service'
export type { ExportContent } from './task-helpers'
export { downloadExport, downloadZip, getExportText, useAssSource } from './task-downloads'
/** A task with all its segments, and the cursor its next poll asks from. */
export type TaskDetail = TaskDetailDto & { segments: TaskSegment[] }
export type TaskPage = Page<Task>

export const TASK_PAGE_SIZE = 10

/** The tasks' query keys (lib/client/keys.ts): the editor's own cache updates address its task by them. */
export const taskKeys = queryKeys.tasks

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

/** `keepalive`: sent as the creator leaves the editor, so the save outlives the page. */
export const patchSegment = (taskId: string, segmentId: number, body: { originalText?: string; translatedText?: string }, keepalive = false) =>
  api<TaskSegment | null>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}`, { method: 'PATCH', body, keepalive })

export const retranslateSegment = (taskId: string, segmentId: number) =>
  api<TaskSegment | null>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/retranslate`, { method: 'POST' })

/** One change of the bulk endpoint: texts and/or both times of a segment. */
export type SegmentWrite = z.input<typeof segmentChange>

export const patchSegments = (taskId: string, segments: SegmentWrite[]) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments`, { method: 'PATCH', body: { segments } })

export const retranslateSegments = (taskId: string, ids: number[]) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments/retranslate`, { method: 'POST', body: { ids } })

/** A split's two parts: the first's end, the second's start, both texts (and, undoing a merge, the first's origin and each part's speakers). */
export type SplitParts = z.input<typeof splitSegmentBody>
/** A merge's texts (and, undoing a split, the line's origin). */
export type MergedTexts = z.input<typeof mergeSegmentsBody>

/** Splits a cue in two; the cues after it move one down (the task is reloaded after). */
export const splitSegment = (taskId: string, segmentId: number, body: SplitParts) =>
  api<TaskSegment[]>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/split`, { method: 'POST', body })

/** Merges a cue with the next; the cues after it move one up (the task is reloaded after). */
export const mergeSegments = (taskId: string, segmentId: number, body: MergedTexts) =>
  api<TaskSegment>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/merge`, { method: 'POST', body })

/** A shorter version of a line within `maxChars`, suggested by the task's DeepSeek (nothing is written). */
export const condenseSegment = (taskId: string, segmentId: number, body: { maxChars: number; translation?: string }) =>
  api<{ text: string }>(`/api/tasks/${encodeURIComponent(taskId)}/segments/${segmentId}/condense`, { method: 'POST', body })

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
  /** Take lines the user's translation memory holds from it (on unless false). */
  useMemory?: boolean
  /** The review pass (DeepSeek): priced with the task (docs/billing.md). */
  review?: boolean
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
    form.append('useMemory', String(input.useMemory ?? true))
    if (input.review) form.append('review', 'true')
    return postForm<Task>('/api/tasks', form, { onProgress })
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
    form.append('useMemory', String(input.useMemory ?? true))
    if (input.review) form.append('review', 'true')
    return postForm<{ tasks: Task[] }>('/api/tasks/batch', form, { onProgress })
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
    if (isApiError(error, 'not_found')) return send(true)
    throw error
  }
}

/** The dashboard refreshes every 5 s while any task on the page is translating (docs/product.md, Tasks). */
export const DASHBOARD_POLL_MS = 5000
/** The editor polls its task every second while it is translating (docs/product.md, Editor). */
export const EDITOR_POLL_MS = 1000

/** One page of the caller's tasks, newest first; polls while something is still translating. */
export function useTaskPage(page: number) {
  return useQuery({
    queryKey: taskKeys.page(page),
    queryFn: ({ signal }) => listTasks(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((task) => task.status === 'translating') ? DASHBOARD_POLL_MS : false),
  })
}

/**
 * The task with all its segments. The server's copy (rendered with the page) fills the cache first:
 * a finished task is not fetched again at once. Each poll asks only for the segments written since
 * the last one and merges them in, so a translating task is downloaded about once, not once a second.
 */
export function useTaskDetail(taskId: string, initialTask?: TaskDetail | null) {
  const client = useQueryClient()
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => pollTask(taskId, client.getQueryData<TaskDetail>(taskKeys.detail(taskId)), signal),
    initialData: initialTask ?? undefined,
    staleTime: (query) => (query.state.data?.status === 'translating' ? 0 : 30_000),
    retry: (count, error) => count < 1 && !isApiError(error, 'not_found'),
    refetchInterval: (query) => (query.state.data?.status === 'translating' ? EDITOR_POLL_MS : false),
  })
}

/** Stops a poll of the task in flight, so it cannot bring back rows about to be written. */
export const stopTaskPoll = (client: QueryClient, taskId: string) => client.cancelQueries({ queryKey: taskKeys.detail(taskId) })

/**
 * Writes segments into the cached task: the one place the browser changes a task's cached rows
 * (an edit shown before it is saved, the server's answer to a save, a retranslation, a shift, a
 * review, a failed write put back). Untouched rows keep their objects.
 */
export function writeCachedSegments(client: QueryClient, taskId: string, segments: readonly (Partial<TaskSegment> & { id: number })[]): void {
  client.setQueryData<TaskDetail>(taskKeys.detail(taskId), (task) => (task ? withSegments(task, segments) : task))
}

/** The server's rows after a write: any poll in flight stopped first, then the rows written into the cache. */
export async function putSegments(client: QueryClient, taskId: string, segments: readonly (Partial<TaskSegment> & { id: number })[]): Promise<void> {
  await stopTaskPoll(client, taskId)
  writeCachedSegments(client, taskId, segments)
}

/** Task fields the server changed (a rename of its speakers): merged into the cached task, any poll in flight stopped first. */
export async function putTaskFields(client: QueryClient, taskId: string, fields: Partial<Omit<TaskDetail, 'segments'>>): Promise<void> {
  await stopTaskPoll(client, taskId)
  client.setQueryData<TaskDetail>(taskKeys.detail(taskId), (task) => (task ? { ...task, ...fields } : task))
}

/** The task's rows as the cache holds them now (empty before the first load). */
export const cachedSegments = (client: QueryClient, taskId: string): TaskSegment[] => client.getQueryData<TaskDetail>(taskKeys.detail(taskId))?.segments ?? []

/** Fetches the whole task now and puts it in the cache (rows inserted or renumbered: nothing to merge). */
export async function reloadTask(client: QueryClient, taskId: string): Promise<void> {
  client.setQueryData<TaskDetail>(taskKeys.detail(taskId), await getTask(taskId))
}

/** Loads the task again (a write whose answer cannot be merged). */
export const refreshTask = (client: QueryClient, taskId: string) => client.invalidateQueries({ queryKey: taskKeys.detail(taskId) })

/** After tasks were created: the task lists and the balance (their cost was reserved) reload. */
export function invalidateAfterCreate(client: QueryClient) {
  void client.invalidateQueries({ queryKey: taskKeys.all })
  void invalidatePoints(client)
}

/** Deletes a task: its copy leaves the cache and the lists reload. */
export function useDeleteTask() {
  const client = useQueryClient()
  const onSuccess = (_data: unknown, id: string) => {
    client.removeQueries({ queryKey: taskKeys.detail(id) })
    return client.invalidateQueries({ queryKey: taskKeys.all })
  }
  return useMutation({ mutationFn: (id: string) => deleteTask(id), onSuccess })
}

/** Runs a failed task again; the list, the task's detail and the balance refresh (it is translating again). */
export function useRetryTask() {
  const client = useQueryClient()
  const onSuccess = (_data: unknown, id: string) => {
    void client.invalidateQueries({ queryKey: taskKeys.detail(id) })
    void invalidatePoints(client)
    return client.invalidateQueries({ queryKey: taskKeys.all })
  }
  return useMutation({ mutationFn: (id: string) => retryTask(id), onSuccess })
}

/** A transcription's timed words (empty for a task from a subtitle file), for word-highlighted burn-in. */
export const getTaskWords = (id: string, signal?: AbortSignal) => api<TimedWord[]>(`/api/tasks/${encodeURIComponent(id)}/words`, { method: 'GET', signal })
