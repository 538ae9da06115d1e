import type { RetryPolicy, Sleep } from '@/lib/provider-calls'
import type { GlossaryTerm, TranslateProvider } from '../providers/types'
import type { BatchContext } from './context'
import type { TranslatedCue } from './types'

/** What every batch of one translateCues call shares. */
export type EngineRun = {
  /** The provider, then its fallbacks in order. */
  chain: TranslateProvider[]
  /** Chain levels taken out for the rest of the call by a fatal error. */
  outOfService: Set<number>
  /**
   * Whether any request of this call got a valid answer: then the providers are up, and a batch
   * they keep failing fails for its content.
   */
  anyAnswered: boolean
  /** The caller's signal joined with the call's own stop. */
  signal: AbortSignal
  retry: Partial<RetryPolicy>
  sleep?: Sleep
  glossary: GlossaryTerm[]
  sourceLanguage?: string
  targetLanguage: string
  review: boolean
  /** key → ids of the later copies of a cue, answered with its translation. */
  copies: Map<string, number[]>
  /** The cues around file positions `first`..`last`, with the translations made so far. */
  contextFor(provider: TranslateProvider, first: number, last: number): BatchContext
  /** Records a batch's results and hands them on; calls never overlap. */
  report(done: TranslatedCue[]): Promise<void>
}

/**
 * Collects results as batches finish and hands each batch on to `onBatchDone`, one call after the
 * other. Rule: once closed (the call failed), late answers are dropped: nothing is written after
 * translateCues returns.
 */
export function batchReporter(results: Map<number, string>, onBatchDone?: (done: TranslatedCue[]) => Promise<void> | void) {
  let reported: Promise<void> = Promise.resolve()
  let isClosed = false
  return {
    report(done: TranslatedCue[]): Promise<void> {
      if (isClosed) return Promise.resolve()
      for (const item of done) results.set(item.id, item.translatedText)
      if (!onBatchDone || done.length === 0) return Promise.resolve()
      reported = reported.then(() => onBatchDone(done))
      return reported
    },
    /** Settles once every batch reported so far has been handed on. */
    settled: () => reported,
    close() {
      isClosed = true
    },
  }
}
