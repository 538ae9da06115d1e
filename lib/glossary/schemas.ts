import { z } from 'zod'
import { isSupportedLanguage, isTargetLanguage } from '@/lib/languages/languages'

// PostgreSQL text cannot hold NUL; glossary text is short, so it is dropped rather than refused.
const text = (max: number, required: 'glossaryTermRequired' | 'glossaryTranslationRequired') =>
  z
    .string({ error: required })
    .transform((v) => v.replace(/\u0000/g, '').trim())
    .pipe(z.string().min(1, required).max(max, 'invalidField'))

const note = z
  .string()
  .transform((v) => v.replace(/\u0000/g, '').trim())
  .pipe(z.string().max(500, 'invalidField'))
  .nullish()
  .transform((v) => v || null)

const target = z.string({ error: 'targetLanguageRequired' }).trim().min(1, 'targetLanguageRequired').refine(isTargetLanguage, 'targetLanguageInvalid')
// A source language narrows an entry to files in that language; none (or `auto`) = any source.
const source = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isSupportedLanguage(v), 'sourceLanguageInvalid')
  .transform((v) => (!v || v === 'auto' ? null : v))

// A term is matched against cue text, so white space inside it is one space ("Captain  Mori").
const term = text(100, 'glossaryTermRequired').transform((v) => v.replace(/\s+/g, ' '))

/** `GET /api/glossary?targetLanguage=`: one target language, or every entry without it. */
export const listGlossaryQuery = z.object({ targetLanguage: target.optional() })

/** `POST /api/glossary`. */
export const createGlossaryBody = z.object({
  term,
  translation: text(200, 'glossaryTranslationRequired'),
  targetLanguage: target,
  sourceLanguage: source,
  note,
})

/** `PATCH /api/glossary/{id}`: any of the fields, at least one. */
export const updateGlossaryBody = z
  .object({
    term: term.optional(),
    translation: text(200, 'glossaryTranslationRequired').optional(),
    targetLanguage: target.optional(),
    sourceLanguage: source.optional(),
    note: note.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'invalidField', path: ['term'] })

export type CreateGlossaryInput = z.infer<typeof createGlossaryBody>
export type UpdateGlossaryInput = z.infer<typeof updateGlossaryBody>
