'use client'

import { useQuery } from '@tanstack/react-query'
import { glossaryListQuery } from '@/lib/client/glossary'
import type { GlossaryTerm } from './quality'

const NONE: readonly GlossaryTerm[] = []

/**
 * The user's glossary for a target language, for the "glossary term not translated" flag. Entries
 * limited to another source language are left out; a failed load only leaves the flag silent.
 */
export function useGlossaryTerms(targetLanguage: string | undefined, sourceLanguage: string | undefined): readonly GlossaryTerm[] {
  const query = useQuery({
    ...glossaryListQuery(targetLanguage ?? ''),
    enabled: Boolean(targetLanguage),
    staleTime: 60_000,
    select: (entries) => entries.filter((e) => !e.sourceLanguage || !sourceLanguage || e.sourceLanguage === sourceLanguage).map((e) => ({ term: e.term, translation: e.translation })),
  })
  return query.data ?? NONE
}
