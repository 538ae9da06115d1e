import { z } from 'zod'
import { MAX_CUE_CHARS } from '@/lib/pricing/cost'
import { isSupportedLanguage, isTargetLanguage } from '@/lib/languages/languages'

const sourceLanguage = z.string().trim().refine((v) => v !== 'auto' && isSupportedLanguage(v), 'sourceLanguageInvalid')
const targetLanguage = z.string().trim().refine(isTargetLanguage, 'targetLanguageInvalid')

/** `GET /api/memory?sourceLanguage=&targetLanguage=&q=&page=&size=`: filters optional, pages like the orders list. */
export const listMemoryQuery = z.object({
  sourceLanguage: sourceLanguage.optional(),
  targetLanguage: targetLanguage.optional(),
  q: z.string().trim().max(200, 'invalidField').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
})

/** `GET /api/memory/export.tmx?sourceLanguage=&targetLanguage=`: one language pair. */
export const exportMemoryQuery = z.object({ sourceLanguage, targetLanguage })

/** `PATCH /api/memory/{id}`: the remembered translation, as a person wrote it. */
export const updateMemoryBody = z.object({
  targetText: z
    .string({ error: 'memoryTranslationRequired' })
    .max(MAX_CUE_CHARS, 'segmentTooLong')
    .transform((v) => v.replace(/\u0000/g, '').trim())
    .refine((v) => v !== '', 'memoryTranslationRequired'),
})

export type ListMemoryQuery = z.infer<typeof listMemoryQuery>
