import { callProvider } from '@/lib/provider-calls'
import { glossaryBudget, glossaryForBatch } from '../batch-glossary'
import { ProviderError, type TranslateProvider } from '../providers/types'
import { reviewTranslations, translationFailure } from '../review'
import type { Pending } from './plan'
import type { EngineRun } from './run'

/**
 * One batch's request to one provider, with its context and glossary when the provider reads
 * them, retried and paused as any provider call (lib/provider-calls). Rules: an answer must hold
 * exactly one text per line; a wrong answer of several lines is thrown at once for the caller to
 * split, never matched by position.
 */
export async function requestTranslation(run: EngineRun, p: TranslateProvider, group: Pending[]): Promise<string[]> {
  const lines = group.map(({ id, text, speaker }) => (speaker ? { id, text, speaker } : { id, text }))
  const texts = await callProvider({
    limitKey: p.limitKey,
    call: async () => {
      const answer = await p.translateBatch({
        lines,
        context: p.usesContext ? run.contextFor(p, group[0].index, group[group.length - 1].index) : { before: [], after: [] },
        glossary: p.usesContext ? glossaryForBatch(run.glossary, lines, glossaryBudget(p.batchTokens)) : [],
        sourceLanguage: run.sourceLanguage,
        targetLanguage: run.targetLanguage,
        signal: run.signal,
      })
      if (!Array.isArray(answer) || answer.length !== group.length) {
        throw new ProviderError({ provider: p.name, kind: 'bad_answer', message: 'provider answered the wrong number of lines' })
      }
      return answer
    },
    failureOf: translationFailure,
    isFinal: (failure) => failure.kind === 'bad_answer' && group.length > 1,
    retry: run.retry,
    sleep: run.sleep,
    signal: run.signal,
  })
  run.anyAnswered = true
  return texts
}

/** The batch's lines with their translations, shown again with the same context and glossary (the review pass). */
export function reviewGroup(run: EngineRun, p: TranslateProvider, group: Pending[], texts: string[]) {
  const lines = group.map((cue, i) => ({ id: cue.id, text: cue.text, translation: texts[i] }))
  return reviewTranslations({
    provider: p,
    lines,
    context: run.contextFor(p, group[0].index, group[group.length - 1].index),
    glossary: glossaryForBatch(run.glossary, lines, glossaryBudget(p.batchTokens)),
    sourceLanguage: run.sourceLanguage,
    targetLanguage: run.targetLanguage,
    retry: run.retry,
    sleep: run.sleep,
    signal: run.signal,
  })
}
