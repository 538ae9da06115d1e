import { z } from 'zod'
import { AppError } from '@/lib/http/app-error'
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

/** Highest page number accepted (far past any real list; keeps the row offset a small integer). */
export const MAX_PAGE = 1_000_000

/** `GET /api/tasks?page=&size=`: page 1..1,000,000 (default 1), size 1..100 (default 10). */
export const listTasksQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
})

/** `GET /api/tasks/{id}?segments=0`: leave the segments out (progress polls). */
export const getTaskQuery = z.object({
  segments: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
})

// PostgreSQL text cannot hold NUL, so it is dropped from edited text instead of failing the write.
const segmentText = z
  .string()
  .max(10_000)
  .transform((v) => v.replace(/\u0000/g, ''))
  .optional()

/** `PATCH /api/tasks/{id}/segments/{segmentId}`: either text, or both. */
export const editSegmentBody = z
  .object({
    originalText: segmentText,
    translatedText: segmentText,
  })
  .refine((v) => v.originalText !== undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedText'] })

/** `GET /api/tasks/{id}/export?format=srt|vtt&content=translated|bilingual|original`. */
export const exportQuery = z.object({
  format: z.enum(['srt', 'vtt']).default('srt'),
  content: z.enum(['translated', 'bilingual', 'original']).default('translated'),
})

/**
 * Route parameter of a segment: the spec's numeric id, plain digits only (`1e3`, `0x10`, ` 1` are
 * not ids). Anything else names no segment, so it answers 40400 "segment does not exist".
 */
export function parseSegmentId(value: string | undefined): number {
  const id = /^[0-9]{1,9}$/.test(value ?? '') ? Number(value) : 0
  if (id < 1) throw new AppError('not_found', 'segmentNotFound')
  return id
}

/** Task ids are the digits of `newTaskId`; anything else (NUL, slashes, 5,000 characters) names no task. */
export function isTaskIdShape(value: string): boolean {
  return /^[0-9]{1,40}$/.test(value)
}
