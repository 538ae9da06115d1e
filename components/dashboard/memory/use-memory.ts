'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteMemoryEntry, importMemory, listMemory, listMemoryPairs, memoryKeys, updateMemoryEntry, type MemoryFilter } from '@/lib/client/memory'

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
