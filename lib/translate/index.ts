// Server-side translation: the engine (batches, concurrency, retries, splitting), the providers and
// the app's wiring of them to the environment.
export { translateCues, type CueToTranslate, type TranslatedCue, type TranslatedBy, type ReviewOutcome, type RetryPolicy, type TranslateCuesOptions } from './engine'
export { reviewTranslations } from './review'
export { reviewCues } from './review-cues'
export { condenseTranslations, type CondenseOptions } from './condense'
export { linesToFit, shortenedLine, type FitRow } from './fit-plan'
export { charsSent, clipContextLine, CONTEXT_LINE_CHARS } from './context-budget'
export { estimateTokens, normaliseText, planBatches } from './tokens'
export { glossaryForBatch, glossaryBudget, GLOSSARY_SHARE } from './batch-glossary'
export { ProviderError, UnsupportedServiceError, resolveProvider, type CondenseLine, type GlossaryTerm, type ProvidersConfig, type TranslateProvider } from './providers'
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
