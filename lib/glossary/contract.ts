import { z } from 'zod'

// What the glossary endpoints answer, declared once (see lib/tasks/contract.ts).

export const glossaryEntrySchema = z.object({
  id: z.string(),
  term: z.string(),
  translation: z.string(),
  targetLanguage: z.string(),
  sourceLanguage: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export const glossaryListSchema = z.array(glossaryEntrySchema)

export type GlossaryEntryDto = z.infer<typeof glossaryEntrySchema>
