// Server-side translation: the engine (batches, concurrency, retries, splitting), the providers and
// the app's wiring of them to the environment.
export { translateCues, type CueToTranslate, type TranslatedCue, type RetryPolicy, type TranslateCuesOptions } from './engine'
export { ProviderError, UnsupportedServiceError, resolveProvider, type ProvidersConfig, type TranslateProvider } from './providers'
export {
  TRANSLATION_SERVICES,
  MAX_BATCH_SIZE,
  allowedServices,
  batchSizeFor,
  checkService,
  providerFor,
  providersConfig,
  translateTexts,
  type TranslationService,
} from './service'
