// Server-side translation: the engine (batches, concurrency, retries, splitting), the providers and
// the app's wiring of them to the environment.
export { translateCues, glossaryFor, type CueToTranslate, type TranslatedCue, type TranslatedBy, type RetryPolicy, type TranslateCuesOptions } from './engine'
export { estimateTokens, normaliseText, planBatches } from './tokens'
export { ProviderError, UnsupportedServiceError, resolveProvider, type GlossaryTerm, type ProvidersConfig, type TranslateProvider } from './providers'
export {
  TRANSLATION_SERVICES,
  MAX_BATCH_SIZE,
  allowedServices,
  batchSizeFor,
  checkService,
  fallbacksFor,
  providerFor,
  providersConfig,
  translateTexts,
  type TranslationService,
} from './service'
export { reviewCues, reviewerFor, type ReviewCue, type Correction } from './review'
export type { Reviewer } from './providers/deepseek-review'
