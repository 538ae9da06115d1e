// The translation engine: plan the cues (plan.ts), translate each batch with its fallbacks and
// splits (batch.ts), one request with its answer checked (request.ts), report as batches finish.
export { translateCues } from './translate-cues'
export type { CueToTranslate, RetryPolicy, ReviewOutcome, TranslateCuesOptions, TranslatedBy, TranslatedCue } from './types'
