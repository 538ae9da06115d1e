'use client'

import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Span } from '@/lib/captions'
import { api } from './api'
import { queryKeys } from './keys'
import type { TaskSegment } from './tasks'

// A transcription's timing against its sound: where the recording holds speech, the
// provider's lines left out as probably not spoken, restoring one, and snapping cues to speech.

export type LeftOutReason = 'silence' | 'noSpeech' | 'loop' | 'stockPhrase'
/** `speaker`: who said it, when the provider labelled speakers (a label, S1, S2, ...). */
export type LeftOutLine = { id: string; startMs: number; endMs: number; text: string; reason: LeftOutReason; speaker: string | null }

const path = (taskId: string, rest: string) => `/api/tasks/${encodeURIComponent(taskId)}/${rest}`

export const getTaskSpeech = (taskId: string, signal?: AbortSignal) => api<{ spans: [number, number][] }>(path(taskId, 'speech'), { method: 'GET', signal })
export const getLeftOut = (taskId: string, signal?: AbortSignal) => api<LeftOutLine[]>(path(taskId, 'left-out'), { method: 'GET', signal })
export const restoreLeftOut = (taskId: string, lineId: string) => api<TaskSegment>(path(taskId, `left-out/${encodeURIComponent(lineId)}/restore`), { method: 'POST' })
export const snapSegments = (taskId: string, ids: number[]) => api<{ segments: TaskSegment[]; silentIds: number[] }>(path(taskId, 'segments/snap'), { method: 'POST', body: { ids } })

/** Where the task's recording holds speech, once it is transcribed; null until then or without a recording. */
export function useTaskSpeech(taskId: string, enabled: boolean): readonly Span[] | null {
  const query = useQuery({
    queryKey: queryKeys.tasks.speech(taskId),
    queryFn: async ({ signal }) => (await getTaskSpeech(taskId, signal)).spans.map(([startMs, endMs]) => ({ startMs, endMs })),
    enabled,
    staleTime: Infinity,
    retry: 1,
  })
  return enabled ? (query.data ?? null) : null
}

/** The task's left-out lines, in time order (empty for a task from a subtitle file). */
export function useLeftOut(taskId: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.tasks.leftOut(taskId), queryFn: ({ signal }) => getLeftOut(taskId, signal), enabled, staleTime: 60_000 })
}

/**
 * Restores a left-out line as a cue and answers it: the line leaves the cached list at once; when
 * the restore fails the list is loaded again (another tab may have restored it).
 */
export async function restoreLeftOutLine(client: QueryClient, taskId: string, lineId: string): Promise<TaskSegment> {
  try {
    const segment = await restoreLeftOut(taskId, lineId)
    client.setQueryData<LeftOutLine[]>(queryKeys.tasks.leftOut(taskId), (list) => list?.filter((l) => l.id !== lineId))
    return segment
  } catch (error) {
    void client.invalidateQueries({ queryKey: queryKeys.tasks.leftOut(taskId) })
    throw error
  }
}
