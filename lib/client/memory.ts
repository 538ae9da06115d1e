'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MemoryEntryDto as MemoryEntry, MemoryImportResult, MemoryPair } from '@/lib/memory/contract'
import type { Page } from '@/lib/pagination'
import { api } from './api'
import { queryKeys } from './keys'
import { downloadFile } from './task-downloads'

// Client side of the translation memory endpoints, typed from the server's contract
// (lib/memory/contract.ts), and its hooks, for the dashboard's "Translation memory" view.

export type { MemoryEntry, MemoryPair, MemoryImportResult }

export const MEMORY_PAGE_SIZE = 20

export type MemoryFilter = { sourceLanguage: string; targetLanguage: string; q: string; page: number }

const memoryKeys = queryKeys.memory

function memoryQuery({ sourceLanguage, targetLanguage, q, page }: MemoryFilter): string {
  const params = new URLSearchParams({ sourceLanguage, targetLanguage, page: String(page), size: String(MEMORY_PAGE_SIZE) })
  if (q.trim()) params.set('q', q.trim())
  return params.toString()
}

export const listMemoryPairs = (signal?: AbortSignal) => api<MemoryPair[]>('/api/memory/pairs', { method: 'GET', signal })

export const listMemory = (filter: MemoryFilter, signal?: AbortSignal) => api<Page<MemoryEntry>>(`/api/memory?${memoryQuery(filter)}`, { method: 'GET', signal })

export const updateMemoryEntry = (id: string, targetText: string) => api<MemoryEntry>(`/api/memory/${encodeURIComponent(id)}`, { method: 'PATCH', body: { targetText } })

export const deleteMemoryEntry = (id: string) => api<null>(`/api/memory/${encodeURIComponent(id)}`, { method: 'DELETE' })

export function importMemory(file: File): Promise<MemoryImportResult> {
  const form = new FormData()
  form.append('file', file)
  return api<MemoryImportResult>('/api/memory/import', { form })
}

export function downloadMemory(sourceLanguage: string, targetLanguage: string): Promise<void> {
  const params = new URLSearchParams({ sourceLanguage, targetLanguage })
  return downloadFile(`/api/memory/export.tmx?${params}`, `translation-memory.${sourceLanguage}-${targetLanguage}.tmx`)
}

/** The language pairs of the caller's memory, with their counts. */
export function useMemoryPairs() {
  return useQuery({ queryKey: memoryKeys.pairs, queryFn: ({ signal }) => listMemoryPairs(signal) })
}

/** One page of one language pair (searched when `q` is set); the previous page stays shown while the next loads. */
export function useMemoryPage(filter: MemoryFilter | null) {
  return useQuery({
    queryKey: filter ? memoryKeys.list(filter) : memoryKeys.all,
    queryFn: ({ signal }) => listMemory(filter!, signal),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  })
}

function useMemoryMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: memoryKeys.all }) })
}

export const useUpdateMemoryEntry = () => useMemoryMutation(({ id, targetText }: { id: string; targetText: string }) => updateMemoryEntry(id, targetText))
export const useDeleteMemoryEntry = () => useMemoryMutation((id: string) => deleteMemoryEntry(id))
export const useImportMemory = () => useMemoryMutation((file: File) => importMemory(file))
