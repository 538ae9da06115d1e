'use client'

import type { z } from 'zod'
import type { GlossaryEntryDto as GlossaryEntry } from '@/lib/glossary/contract'
import type { createGlossaryBody } from '@/lib/glossary/schemas'
import { api } from './api'

// Client side of the glossary endpoints, typed for the glossary view and the upload dialog.

// The response shape comes from the server's contract (lib/glossary/contract.ts).
export type { GlossaryEntry }

/** What a new entry is sent as: the request schema's input (lib/glossary/schemas.ts). */
export type GlossaryInput = z.input<typeof createGlossaryBody>

export const glossaryKeys = {
  all: ['glossary'] as const,
  list: (targetLanguage: string) => ['glossary', 'list', targetLanguage] as const,
}

export const listGlossary = (targetLanguage: string, signal?: AbortSignal) =>
  api<GlossaryEntry[]>(`/api/glossary${targetLanguage ? `?targetLanguage=${encodeURIComponent(targetLanguage)}` : ''}`, { method: 'GET', signal })

export const addGlossaryEntry = (input: GlossaryInput) => api<GlossaryEntry>('/api/glossary', { body: input })

export const updateGlossaryEntry = (id: string, input: Partial<GlossaryInput>) => api<GlossaryEntry>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })

export const deleteGlossaryEntry = (id: string) => api<null>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'DELETE' })
