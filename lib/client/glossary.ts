'use client'

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { GlossaryEntryDto as GlossaryEntry } from '@/lib/glossary/contract'
import type { createGlossaryBody } from '@/lib/glossary/schemas'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of the glossary endpoints, typed for the glossary view and the upload dialog.

// The response shape comes from the server's contract (lib/glossary/contract.ts).
export type { GlossaryEntry }

/** What a new entry is sent as: the request schema's input (lib/glossary/schemas.ts). */
export type GlossaryInput = z.input<typeof createGlossaryBody>

export const glossaryKeys = queryKeys.glossary

export const listGlossary = (targetLanguage: string, signal?: AbortSignal) =>
  api<GlossaryEntry[]>(`/api/glossary${targetLanguage ? `?targetLanguage=${encodeURIComponent(targetLanguage)}` : ''}`, { method: 'GET', signal })

export const addGlossaryEntry = (input: GlossaryInput) => api<GlossaryEntry>('/api/glossary', { body: input })

export const updateGlossaryEntry = (id: string, input: Partial<GlossaryInput>) => api<GlossaryEntry>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })

export const deleteGlossaryEntry = (id: string) => api<null>(`/api/glossary/${encodeURIComponent(id)}`, { method: 'DELETE' })

/** The query of the caller's entries of one target language ('' = all of them); screens add their own options. */
export const glossaryListQuery = (targetLanguage: string) =>
  queryOptions({ queryKey: glossaryKeys.list(targetLanguage), queryFn: ({ signal }) => listGlossary(targetLanguage, signal) })

/** The caller's glossary entries of one target language ('' = all of them). */
export function useGlossary(targetLanguage: string) {
  return useQuery(glossaryListQuery(targetLanguage))
}

/** Adds (no id) or changes (an id) an entry; every glossary list refreshes. */
export function useSaveGlossaryEntry() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GlossaryInput }) => (id ? updateGlossaryEntry(id, input) : addGlossaryEntry(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: glossaryKeys.all }),
  })
}

export function useDeleteGlossaryEntry() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteGlossaryEntry(id),
    onSuccess: () => client.invalidateQueries({ queryKey: glossaryKeys.all }),
  })
}
