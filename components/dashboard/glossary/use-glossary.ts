'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { addGlossaryEntry, deleteGlossaryEntry, glossaryKeys, listGlossary, updateGlossaryEntry, type GlossaryInput } from '@/lib/client/glossary'

/** The caller's glossary entries of one target language ('' = all of them). */
export function useGlossary(targetLanguage: string) {
  return useQuery({ queryKey: glossaryKeys.list(targetLanguage), queryFn: ({ signal }) => listGlossary(targetLanguage, signal) })
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
