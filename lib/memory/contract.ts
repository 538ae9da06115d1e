import { z } from 'zod'
import { pageSchema } from '@/lib/pagination'

// What the translation memory endpoints answer, declared once (the server builds these shapes,
// the browser imports their types, GET /api/openapi.json describes them).

export const MEMORY_ORIGINS = ['machine', 'edited'] as const

export const memoryEntrySchema = z.object({
  id: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  sourceText: z.string(),
  targetText: z.string(),
  /** `edited`: a person's translation (an edit or an import); `machine`: a provider's, kept as is. */
  origin: z.enum(MEMORY_ORIGINS),
  updatedAt: z.string(),
})

export const memoryPageSchema = pageSchema(memoryEntrySchema)

/** A language pair of the memory with its number of entries (the dashboard's pair list). */
export const memoryPairSchema = z.object({ sourceLanguage: z.string(), targetLanguage: z.string(), count: z.number().int() })
export const memoryPairListSchema = z.array(memoryPairSchema)

export const memoryImportSchema = z.object({
  /** Entries added or replaced. */
  imported: z.number().int(),
  /** Units left out: a language this service does not translate, or an empty text. */
  skipped: z.number().int(),
  /** Units left out for a text longer than a cue may be (`maxChars`, as for an edit). */
  tooLong: z.number().int(),
  maxChars: z.number().int(),
})

export type MemoryEntryDto = z.infer<typeof memoryEntrySchema>
export type MemoryPair = z.infer<typeof memoryPairSchema>
export type MemoryImportResult = z.infer<typeof memoryImportSchema>
export type MemoryOrigin = (typeof MEMORY_ORIGINS)[number]
