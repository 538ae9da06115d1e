import 'server-only'
import { env, type Env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { detectLanguage } from '@/lib/languages/detect'
import { translateCues, type RetryPolicy } from './engine'
import { resolveProvider, UnsupportedServiceError, type ProvidersConfig, type TranslateProvider } from './providers'

/** The service names the API accepts. */
export const TRANSLATION_SERVICES = ['deepseek', 'google'] as const
export type TranslationService = (typeof TRANSLATION_SERVICES)[number]

const PLANNED_SERVICES = new Set(['baidu', 'deepl', 'microsoft'])
/** A per-user batch size (the client's override) is honoured up to this many segments. */
export const MAX_BATCH_SIZE = 100

/** Provider settings from the environment (the sandbox sets them to the local fakes). */
export function providersConfig(e: Env = env()): ProvidersConfig {
  return {
    deepseek: { baseUrl: e.DEEPSEEK_BASE_URL, apiKey: e.DEEPSEEK_API_KEY ?? '', model: e.DEEPSEEK_MODEL },
    google: { baseUrl: e.GOOGLE_TRANSLATE_BASE_URL, apiKey: e.GOOGLE_TRANSLATE_API_KEY },
    mymemory: { baseUrl: e.MYMEMORY_BASE_URL, email: e.MYMEMORY_EMAIL },
  }
}

/** Services a user may choose: DeepSeek always, Google only when FEATURE_GOOGLE_TRANSLATION allows. */
export function allowedServices(e: Env = env()): TranslationService[] {
  return e.FEATURE_GOOGLE_TRANSLATION ? ['deepseek', 'google'] : ['deepseek']
}

/**
 * Checks a service name chosen by a user. Rule: an allowed service passes; `baidu`, `deepl`,
 * `microsoft` are "not implemented yet"; anything else (Google while switched off included) is
 * "unsupported translation service"; both are 40000.
 */
export function checkService(service: string, e: Env = env()): TranslationService {
  if ((allowedServices(e) as string[]).includes(service)) return service as TranslationService
  if (PLANNED_SERVICES.has(service)) throw new AppError('bad_request', 'serviceNotImplemented')
  throw new AppError('bad_request', 'serviceUnsupported')
}

/** The provider of a stored service name; an unknown name is a 40000 with its service message. */
export function providerFor(service: string, config: ProvidersConfig = providersConfig()): TranslateProvider {
  try {
    return resolveProvider({ service, config })
  } catch (error) {
    if (error instanceof UnsupportedServiceError) {
      throw new AppError('bad_request', error.message === 'not implemented yet' ? 'serviceNotImplemented' : 'serviceUnsupported')
    }
    throw error
  }
}

/**
 * Segments per request for a task. Rule: the user's override when it is a positive whole number
 * (capped at 100), else TRANSLATION_BATCH_SIZE; neither (undefined) lets the token budget decide.
 */
export function batchSizeFor(override: unknown, e: Env = env()): number | undefined {
  const value = typeof override === 'string' && override.trim() !== '' ? Number(override) : override
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return Math.min(value, MAX_BATCH_SIZE)
  return e.TRANSLATION_BATCH_SIZE
}

/**
 * Providers that take over the cues a service cannot translate. Rule: DeepSeek falls back to the
 * google service (Cloud Translation when keyed, else MyMemory) while Google is offered at all;
 * the google service has none.
 */
export function fallbacksFor(service: string, e: Env = env()): TranslateProvider[] {
  if (service !== 'deepseek' || !allowedServices(e).includes('google')) return []
  return [resolveProvider({ service: 'google', config: providersConfig(e) })]
}

/**
 * Translates loose texts (the translate API calls) and answers one string per text, in order.
 * Rule: the same batching, retries and answer checks as a task; blank texts stay blank.
 */
export async function translateTexts({
  texts,
  targetLanguage,
  sourceLanguage,
  service,
  retry,
  signal,
}: {
  texts: string[]
  targetLanguage: string
  sourceLanguage?: string
  service: TranslationService
  retry?: Partial<RetryPolicy>
  signal?: AbortSignal
}): Promise<string[]> {
  const e = env()
  const provider = providerFor(service, providersConfig(e))
  const cues = texts.map((text, i) => ({ id: i + 1, text }))
  const result = await translateCues({
    provider,
    cues,
    // MyMemory cannot detect the source language itself, so a missing one is detected here.
    sourceLanguage: sourceLanguage && sourceLanguage !== 'auto' ? sourceLanguage : detectLanguage(cues),
    targetLanguage,
    batchSize: e.TRANSLATION_BATCH_SIZE,
    concurrency: e.TRANSLATION_CONCURRENCY,
    retry,
    signal,
  })
  return cues.map((cue) => result.get(cue.id) ?? '')
}
