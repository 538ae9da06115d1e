import type { RetryPolicy, Sleep } from '@/lib/provider-calls'
import type { GlossaryTerm, ProviderName, TranslateProvider } from '../providers/types'

export type { RetryPolicy } from '@/lib/provider-calls'

/**
 * A cue to translate; one that already carries a translation (a resumed task) is kept as it is.
 * `speaker`: who says it (a transcription's speaker), sent along so each person's forms stay theirs.
 */
export type CueToTranslate = { id: number; text: string; translatedText?: string | null; speaker?: string }

/** Who made a translation: a provider; `repeat`, the answer of an identical line earlier in the same file; `memory`, the creator's translation memory's. */
export type TranslatedBy = ProviderName | 'memory' | 'repeat'

/**
 * With the review pass on, what it did to a cue: `corrected` (then `firstTranslation` holds the
 * translation it replaced), `unchanged`, or `failed` (the provider could not review it; the
 * translation stands).
 */
export type ReviewOutcome = 'corrected' | 'unchanged' | 'failed'

export type TranslatedCue = { id: number; translatedText: string; translatedBy: TranslatedBy | null; review?: ReviewOutcome; firstTranslation?: string }

export type TranslateCuesOptions = {
  provider: TranslateProvider
  /** Tried in order for cues the provider refuses, keeps answering wrongly, or cannot serve. */
  fallbacks?: TranslateProvider[]
  cues: CueToTranslate[]
  sourceLanguage?: string
  targetLanguage: string
  /** The batch-size override (cues per request); without it batches are sized by source tokens. */
  batchSize?: number
  concurrency?: number
  retry?: Partial<RetryPolicy>
  /** Context cues on each side at least (more while the context budget allows). */
  contextSize?: number
  glossary?: GlossaryTerm[]
  /** Send identical lines once and reuse the answer (default); off to translate every cue afresh. */
  memory?: boolean
  /** The review pass: each translated batch is shown to its provider again for corrections (lib/translate/review.ts). */
  review?: boolean
  signal?: AbortSignal
  /** Called after each batch (or split half) with its results; calls never overlap. */
  onBatchDone?: (done: TranslatedCue[]) => Promise<void> | void
  /** Injected in tests; must reject when the signal aborts. */
  sleep?: Sleep
}
