import { log } from '@/lib/log'
import { timeStage } from '@/lib/metrics'
import { ProviderError, type TranslateProvider } from '../providers/types'
import { blameOneCue, halves, isAboutCues } from './failures'
import type { Pending } from './plan'
import { requestTranslation, reviewGroup } from './request'
import type { EngineRun } from './run'
import type { TranslatedCue } from './types'

/**
 * Translates one batch (or a part of one) with the provider at chain `level`, and reports it.
 * Rules: a wrong answer or a refusal is split in halves down to single cues (both halves tried, so
 * one untranslatable cue costs no more than itself); cues a provider cannot serve go to the next
 * fallback (a fatal error takes it out for the rest of the call); when the last one fails too, a
 * retryable failure of several cues is split (splitFailedGroup), any other is thrown.
 */
export async function translateGroup(run: EngineRun, group: Pending[], level = 0, depth = 0): Promise<void> {
  const p = run.chain[level]
  if (run.outOfService.has(level) && level + 1 < run.chain.length) return translateGroup(run, group, level + 1, depth)
  let texts: string[]
  try {
    texts = await requestTranslation(run, p, group)
  } catch (error) {
    if (!(error instanceof ProviderError) || run.signal.aborted) throw error
    if (isAboutCues(error) && group.length > 1) return translateHalves(run, group, level, depth)
    if (level + 1 >= run.chain.length) return lastProviderFailed(run, group, depth, error)
    if (error.kind === 'fatal') run.outOfService.add(level)
    log.warn('translate.fallback', { from: p.name, to: run.chain[level + 1].name, cues: group.length, kind: error.kind, error: error.message })
    return translateGroup(run, group, level + 1, depth)
  }
  await run.report(await finishGroup(run, p, group, texts))
}

/** Both halves of a group with the same provider; the first failure of particular cues is thrown after both. */
async function translateHalves(run: EngineRun, group: Pending[], level: number, depth: number): Promise<void> {
  let failure: unknown
  for (const part of halves(group)) {
    await translateGroup(run, part, level, depth + 1).catch((e: unknown) => {
      if (!isAboutCues(e) || run.signal.aborted) throw e
      failure ??= e
    })
  }
  if (failure) throw failure
}

/**
 * Every provider failed the group. A retryable failure is split from the top while the providers
 * answer other requests (or at the first depth); a lone cue failing so is blamed for it; otherwise
 * the providers are down and the error stands.
 */
function lastProviderFailed(run: EngineRun, group: Pending[], depth: number, error: ProviderError): Promise<void> {
  if (error.kind !== 'retryable') throw error
  if (group.length === 1) {
    if (run.anyAnswered) blameOneCue(error)
    throw error
  }
  if (depth === 0 || run.anyAnswered) return splitFailedGroup(run, group, depth)
  throw error
}

/**
 * A group every provider kept failing: both halves are tried from the first provider again. A half
 * that fails too is split further once some request of the call has succeeded (its sibling, say);
 * if none has, the providers are down and its error stands.
 */
async function splitFailedGroup(run: EngineRun, group: Pending[], depth: number): Promise<void> {
  log.warn('translate.split_failed_batch', { cues: group.length, first: group[0].id, depth })
  let cueFailure: unknown
  const failed: { part: Pending[]; error: ProviderError }[] = []
  for (const part of halves(group)) {
    await translateGroup(run, part, 0, depth + 1).catch((e: unknown) => {
      if (run.signal.aborted) throw e
      if (isAboutCues(e)) return void (cueFailure ??= e)
      if (e instanceof ProviderError && e.kind === 'retryable') return void failed.push({ part, error: e })
      throw e
    })
  }
  for (const { part, error } of failed) {
    if (!run.anyAnswered) throw error
    if (part.length === 1) {
      blameOneCue(error)
      cueFailure ??= error
      continue
    }
    await splitFailedGroup(run, part, depth + 1).catch((e: unknown) => {
      if (!isAboutCues(e) || run.signal.aborted) throw e
      cueFailure ??= e
    })
  }
  if (cueFailure) throw cueFailure
}

/**
 * A translated group as reported: with the review pass, each line's outcome (the correction kept,
 * the first translation with it); each line's identical copies get its text as `repeat`.
 */
async function finishGroup(run: EngineRun, p: TranslateProvider, group: Pending[], texts: string[]): Promise<TranslatedCue[]> {
  const corrections = run.review ? await timeStage('reviewing', () => reviewGroup(run, p, group, texts), (c) => (c === null ? 'failed' : 'reviewed')) : undefined
  return group.flatMap((cue, i) => {
    const corrected = corrections?.get(cue.id)
    const outcome: Pick<TranslatedCue, 'review' | 'firstTranslation'> =
      corrections === undefined ? {} : corrections === null ? { review: 'failed' } : corrected === undefined ? { review: 'unchanged' } : { review: 'corrected', firstTranslation: texts[i] }
    const text = corrected ?? texts[i]
    const copies = (run.copies.get(cue.key) ?? []).map((id): TranslatedCue => ({ id, translatedText: text, translatedBy: 'repeat', ...outcome }))
    return [{ id: cue.id, translatedText: text, translatedBy: p.name, ...outcome }, ...copies]
  })
}
