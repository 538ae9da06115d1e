'use client'

import { useQuery, type QueryClient } from '@tanstack/react-query'
import { preload } from 'react-dom'
import type { z } from 'zod'
import type { peaksAnswerSchema, putShotChangesBody, shotChangesAnswerSchema, storedPeaksSchema } from '@/lib/tasks/timeline/schemas'
import { base64ToBytes, bytesToBase64, decodePeaks, type Peaks } from '@/lib/waveform'
import { api } from '../api'
import { queryKeys } from '../keys'

// The timeline's data kept with a task: its waveform peaks (GET answers null for a task without
// media; the browser that decoded the sound sends them) and its video's shot changes.

export type ShotChanges = NonNullable<z.infer<typeof shotChangesAnswerSchema>['shotChanges']>

const path = (taskId: string, rest: string) => `/api/tasks/${encodeURIComponent(taskId)}/${rest}`

export const getPeaks = (taskId: string, signal?: AbortSignal) => api<z.infer<typeof peaksAnswerSchema>>(path(taskId, 'peaks'), { method: 'GET', signal })
export const putPeaks = (taskId: string, bytes: Uint8Array) => api<z.infer<typeof storedPeaksSchema>>(path(taskId, 'peaks'), { method: 'PUT', body: { data: bytesToBase64(bytes) } })
export const getShotChanges = (taskId: string, signal?: AbortSignal) => api<z.infer<typeof shotChangesAnswerSchema>>(path(taskId, 'shot-changes'), { method: 'GET', signal })
export const putShotChanges = (taskId: string, body: z.input<typeof putShotChangesBody>) => api<z.infer<typeof shotChangesAnswerSchema>>(path(taskId, 'shot-changes'), { method: 'PUT', body })

const peaksQuery = (taskId: string) => ({
  queryKey: queryKeys.tasks.peaks(taskId),
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<Peaks | null> => {
    const { peaks } = await getPeaks(taskId, signal)
    return peaks ? decodePeaks(base64ToBytes(peaks.data)) : null
  },
  staleTime: Infinity,
  retry: 1,
})

const shotChangesQuery = (taskId: string) => ({
  queryKey: queryKeys.tasks.shotChanges(taskId),
  queryFn: async ({ signal }: { signal?: AbortSignal }) => (await getShotChanges(taskId, signal)).shotChanges,
  staleTime: Infinity,
})

/** The task's peaks, decoded; null for a task without media (the timeline draws no waveform). */
export function useTaskPeaks(taskId: string, enabled = true) {
  return useQuery({ ...peaksQuery(taskId), enabled })
}

/** The cuts stored with the task; null before a browser found any (the timeline then runs detection). */
export function useTaskShotChanges(taskId: string, enabled = true) {
  return useQuery({ ...shotChangesQuery(taskId), enabled })
}

/** Fetches both ahead (the editor opens): the timeline then draws at once when it is shown. */
export async function prefetchTimeline(client: QueryClient, taskId: string): Promise<void> {
  await Promise.all([client.prefetchQuery(peaksQuery(taskId)), client.prefetchQuery(shotChangesQuery(taskId))])
}

/**
 * Asks the browser to fetch both while the page still loads (a `<link rel="preload">` in the
 * server's HTML, called while rendering): the requests above then take the answers it has. Same
 * credentials as `api()` (`include`), so the browser matches them.
 */
export function preloadTimeline(taskId: string): void {
  for (const rest of ['peaks', 'shot-changes']) preload(path(taskId, rest), { as: 'fetch', crossOrigin: 'use-credentials' })
}

/** Sends peaks made in this browser and caches them, so the timeline draws them without asking again. */
export async function savePeaks(client: QueryClient, taskId: string, peaks: Peaks, encoded: Uint8Array): Promise<void> {
  await putPeaks(taskId, encoded)
  client.setQueryData(queryKeys.tasks.peaks(taskId), peaks)
}

/** Sends the cuts found in this browser and caches the stored answer. */
export async function saveShotChanges(client: QueryClient, taskId: string, body: z.input<typeof putShotChangesBody>): Promise<ShotChanges | null> {
  const { shotChanges } = await putShotChanges(taskId, body)
  client.setQueryData(queryKeys.tasks.shotChanges(taskId), shotChanges)
  return shotChanges
}
