'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateDubInput, DubDto, DubOriginalDto, DubReportLine, dubEstimateSchema } from '@/lib/dub/contract'
import type { z } from 'zod'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of a task's dubs: the price and voices before, the original sound sent from the
// editor's video, starting one, its progress, its report by line, re-speaking edited lines, and the
// addresses of its tracks and downloads.

export type { DubDto, DubReportLine }
export type DubEstimate = z.infer<typeof dubEstimateSchema>

const RUNNING: readonly DubDto['status'][] = ['queued', 'speaking', 'mixing']
export const isDubRunning = (dub: DubDto | undefined) => dub !== undefined && RUNNING.includes(dub.status)

const dubsPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/dubs`

export function useDubEstimate(taskId: string, { enabled = true } = {}) {
  return useQuery({ queryKey: queryKeys.tasks.dubEstimate(taskId), enabled, queryFn: ({ signal }) => api<DubEstimate>(`${dubsPath(taskId)}/estimate`, { method: 'GET', signal }) })
}

/** The task's dubs, newest first; polled every second while one is being made. */
export function useDubs(taskId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.tasks.dubs(taskId),
    enabled,
    queryFn: ({ signal }) => api<{ dubs: DubDto[] }>(dubsPath(taskId), { method: 'GET', signal }),
    refetchInterval: (query) => (query.state.data?.dubs.some(isDubRunning) ? 1000 : false),
  })
}

/** The task's newest dub when it is finished (its tracks can be played), and whether one is being made or updated. */
export function useFinishedDub(taskId: string, { enabled = true } = {}) {
  const dubs = useDubs(taskId, { enabled })
  const newest = dubs.data?.dubs[0]
  return { dub: newest?.status === 'completed' ? newest : null, isRunning: isDubRunning(newest) }
}

/** The sound of the creator's video, sent for the dub to be mixed over (the audio track as it is, not re-encoded). */
export function useSendDubOriginal(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ sound, fileName }: { sound: Blob; fileName: string }) => {
      const form = new FormData()
      form.append('file', sound, fileName)
      return api<DubOriginalDto>(`${dubsPath(taskId)}/original`, { form })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks.dubEstimate(taskId) }),
  })
}

export function useStartDub(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateDubInput) => api<DubDto>(dubsPath(taskId), { body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.tasks.dubs(taskId) }), client.invalidateQueries({ queryKey: queryKeys.points })]),
  })
}

export function useRespeakDub(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (dubId: string) => api<DubDto>(`${dubsPath(taskId)}/${encodeURIComponent(dubId)}/respeak`, { body: {} }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.tasks.dubs(taskId) }), client.invalidateQueries({ queryKey: queryKeys.points })]),
  })
}

/**
 * A finished dub's report by line (speed factor, how it was fitted, flag, edited since). `version`
 * changes when the lines' texts do, so an edit saved asks again; the last answer stays shown meanwhile.
 */
export function useDubReport(taskId: string, dub: DubDto | null, version: string) {
  return useQuery({
    queryKey: queryKeys.tasks.dubReport(taskId, dub?.id ?? '', `${dub?.completedAt}:${version}`),
    enabled: dub !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const res = await fetch(dubReportUrl(taskId, dub!.id, 'json'), { signal, credentials: 'include' })
      if (!res.ok) throw new Error(`the dub's report answered ${res.status}`)
      return ((await res.json()) as { lines: DubReportLine[] }).lines
    },
  })
}

/** Where a finished dub's track plays and downloads from (the browser's session cookie authorises it; byte ranges answered). */
export const dubAudioUrl = (taskId: string, dubId: string, kind: 'mix' | 'voices', format: 'm4a' | 'wav' = 'm4a') => `${dubsPath(taskId)}/${encodeURIComponent(dubId)}/audio?kind=${kind}&format=${format}`
export const dubReportUrl = (taskId: string, dubId: string, format: 'csv' | 'json') => `${dubsPath(taskId)}/${encodeURIComponent(dubId)}/report?format=${format}`
