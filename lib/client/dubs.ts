'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateDubInput, DubDto } from '@/lib/dub/contract'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of a task's dubs: the price and voices before, starting one, its progress, re-speaking
// edited lines, and the addresses of its downloads.

export type { DubDto }
export type DubEstimate = { characters: number; price: number; lines: number; speakers: { speaker: string; name: string; voice: string; lines: number }[]; voices: string[]; hasOriginal: boolean; isSandbox: boolean }

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
    refetchInterval: (query) => (query.state.data?.dubs.some((d) => ['queued', 'speaking', 'mixing'].includes(d.status)) ? 1000 : false),
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

/** Where a finished dub's track downloads from (the browser's session cookie authorises it). */
export const dubAudioUrl = (taskId: string, dubId: string, kind: 'mix' | 'voices', format: 'm4a' | 'wav' = 'm4a') => `${dubsPath(taskId)}/${encodeURIComponent(dubId)}/audio?kind=${kind}&format=${format}`
export const dubReportUrl = (taskId: string, dubId: string, format: 'csv' | 'json') => `${dubsPath(taskId)}/${encodeURIComponent(dubId)}/report?format=${format}`
