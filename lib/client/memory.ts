'use client'

import type { MemoryEntryDto as MemoryEntry, MemoryImportResult, MemoryPair } from '@/lib/memory/contract'
import type { Page } from '@/lib/pagination'
import { api } from './api'
import { downloadFile } from './tasks'

// Client side of the translation memory endpoints, typed from the server's contract
// (lib/memory/contract.ts), for the dashboard's "Translation memory" view.

export type { MemoryEntry, MemoryPair, MemoryImportResult }

export const MEMORY_PAGE_SIZE = 20

export type MemoryFilter = { sourceLanguage: string; targetLanguage: string; q: string; page: number }

export const memoryKeys = {
  all: ['memory'] as const,
  pairs: ['memory', 'pairs'] as const,
  list: (filter: MemoryFilter) => ['memory', 'list', filter] as const,
}

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
