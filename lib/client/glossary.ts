'use client'

import type { GlossaryEntryDto as GlossaryEntry } from '@/lib/glossary/contract'
import { api } from './api'

// Client side of the glossary endpoints, typed for the glossary view and the upload dialog.

// The response shape comes from the server's contract (lib/glossary/contract.ts).
export type { GlossaryEntry }

export type GlossaryInput = { term: string; translation: string; targetLanguage: string; sourceLanguage?: string | null; note?: string | null }

export const glossaryKeys = {
  all: ['glossary'] as const,
  list: (targetLanguage: string) => ['glossary', 'list', targetLanguage] as const,
}

export const listGlossary = (targetLanguage: string, signal?: AbortSignal) =>
  api<GlossaryEntry[]>(`/api/glossary${targetLanguage ? `?targetLanguage=${encodeURIComponent(targetLanguage)}` : ''}`, { method: 'GET', signal })

export const addGlossaryEntry = (input: GlossaryInput) => api<GlossaryEntry>('/api/glossary', { body: input })

export const updateGlossaryEntry = (id: string, input: Partial<GlossaryInput>) => api<GlossaryEntry>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })

export const deleteGlossaryEntry = (id: string) => api<null>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'DELETE' })
