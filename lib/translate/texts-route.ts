import 'server-only'
import { z } from 'zod'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { isSupportedLanguage, isTargetLanguage } from '@/lib/languages/languages'
import { chargeFreeTranslation } from './free-usage'
import { ProviderError } from './providers'
import { checkService, translateTexts, type TranslationService } from './service'

/** Limits of one translate call: the texts of about ten screens of subtitles. */
/** The answer of the free translate calls: one translation per text, in order. */
export const translatedTextsSchema = z.array(z.string())

export const MAX_TEXTS = 100
export const MAX_TOTAL_CHARS = 20_000

/** The body of the translate calls: `texts[]` and `targetLanguage` (plus an optional source language). */
export const translateTextsBody = z.object({
  texts: z.array(z.string({ error: 'invalidField' }), { error: 'invalidField' }),
  targetLanguage: z.string({ error: 'targetLanguageRequired' }).trim().min(1, 'targetLanguageRequired').refine(isTargetLanguage, 'targetLanguageInvalid'),
  sourceLanguage: z.string().trim().optional().refine((v) => v === undefined || isSupportedLanguage(v), 'sourceLanguageInvalid'),
})

/**
 * Answers one translation per text, in order, with a service. Rules: 1 to 100 texts of at most
 * 20,000 characters in all (40000 otherwise); the user's free share of calls and characters
 * (./free-usage.ts, 42900 past it); a provider failure is a 50200 "translation failed".
 */
export async function translateForCaller(service: TranslationService, body: z.infer<typeof translateTextsBody>, { userId }: { userId: string }): Promise<string[]> {
  checkService(service)
  if (body.texts.length === 0) throw new AppError('bad_request', 'invalidField', { field: 'texts' })
  if (body.texts.length > MAX_TEXTS) throw new AppError('bad_request', 'translateTooMany', { max: MAX_TEXTS })
  const chars = body.texts.reduce((sum, t) => sum + t.length, 0)
  if (chars > MAX_TOTAL_CHARS) throw new AppError('bad_request', 'translateTooLarge', { max: MAX_TOTAL_CHARS })
  await chargeFreeTranslation({ userId, chars })
  try {
    return await translateTexts({ texts: body.texts, targetLanguage: body.targetLanguage, sourceLanguage: body.sourceLanguage, service })
  } catch (error) {
    if (error instanceof ProviderError) {
      log.warn('translate.texts_failed', { service, error })
      throw new AppError('upstream_failed', 'translationFailed')
    }
    throw error
  }
}
