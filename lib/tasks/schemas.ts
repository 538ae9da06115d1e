import { z } from 'zod'
import { isSupportedLanguage, isTargetLanguage } from '@/lib/srt/languages'

const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase()))

/** The text fields of `POST /api/tasks` (multipart; the file is checked separately). */
export const createTaskFields = z.object({
  sourceLanguage: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || 'auto')
    .refine(isSupportedLanguage, 'sourceLanguageInvalid'),
  targetLanguage: z
    .string({ error: 'targetLanguageRequired' })
    .trim()
    .min(1, 'targetLanguageRequired')
    .refine(isTargetLanguage, 'targetLanguageInvalid'),
  service: z.string({ error: 'serviceUnsupported' }).trim().min(1, 'serviceUnsupported'),
  includeOriginalText: flag,
  /** The spec's per-user batch-size override; ignored unless a positive whole number. */
  batchSize: z.string().optional(),
})

export type CreateTaskFields = z.infer<typeof createTaskFields>

/** `GET /api/tasks?page=&size=`: page from 1, size 1..100 (default 10). */
export const listTasksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
})

/** `GET /api/tasks/{id}?segments=0`: leave the segments out (progress polls). */
export const getTaskQuery = z.object({
  segments: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
})

/** `PATCH /api/tasks/{id}/segments/{segmentId}`: either text, or both. */
export const editSegmentBody = z
  .object({
    originalText: z.string().max(10_000).optional(),
    translatedText: z.string().max(10_000).optional(),
  })
  .refine((v) => v.originalText !== undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedText'] })

/** `GET /api/tasks/{id}/export?format=srt|vtt&content=translated|bilingual|original`. */
export const exportQuery = z.object({
  format: z.enum(['srt', 'vtt']).default('srt'),
  content: z.enum(['translated', 'bilingual', 'original']).default('translated'),
})

/** Route parameter of a segment: the spec's numeric id. */
export const segmentIdParam = z.coerce.number().int().min(1).max(10_000_000)
