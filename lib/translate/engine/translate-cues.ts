import { mapWithConcurrency } from '@/lib/pool'
import { translateGroup } from './batch'
import { contextFor } from './context'
import { isAboutCues } from './failures'
import { batchesOf, batchScheduler, planCues, type Pending } from './plan'
import { batchReporter, type EngineRun } from './run'
import type { TranslateCuesOptions } from './types'

/**
 * Translates the cues that lack a translation and answers id → translation for every cue.
 * Rules:
 * - cues with the same normalised text and the same speaker are sent once; the others reuse the
 *   answer (`repeat`); the same line said by two people is translated for each;
 * - each line goes with its speaker when it has one, and context lines with theirs;
 * - batches are sized by source tokens (the provider's budget and cue cap) unless `batchSize`
 *   overrides it; at most `concurrency` requests are in flight;
 * - each request to a provider that reads context carries ≥ `contextSize` cues before and after the
 *   batch (more while the budget allows), the translations already made of the cues before, and
 *   the glossary entries whose term occurs in its lines, most specific first, within a share of
 *   the budget (lib/translate/batch-glossary.ts);
 * - a failure is retried up to `retry.attempts` times `delayMs` apart; a 429 pauses every request
 *   to that provider in the process (lib/provider-calls);
 * - a wrong answer or a refusal is split in halves down to single cues, never matched by position;
 * - cues the provider refuses, answers wrongly alone, or cannot serve after its retries go to the
 *   fallbacks in order; a fatal error takes the provider out for the rest of the call;
 * - a batch every provider keeps failing with a retryable error (a 5xx tied to one cue's content)
 *   is split in halves, each tried from the first provider again; a half that fails is split
 *   further while the providers answer other requests of the call, down to the cue at fault, so
 *   its neighbours are translated and kept. When nothing answers (both halves fail and no request
 *   of the call succeeded), the providers are down, not the content: the error stands;
 * - when no provider is left for a batch, the error rejects at once and stops every other request,
 *   except a failure of particular cues (wrong answer, refusal, a cue every provider fails on):
 *   then every other batch is still translated and reported before the call rejects; the caller's
 *   abort stops everything at once. Blank cues are answered blank without a request;
 * - with `review`, each translated batch goes to its provider once more with the same context and
 *   glossary, and the lines it corrects are reported corrected, with the first translation kept
 *   (lib/translate/review.ts); a review that fails leaves the batch as translated.
 */
export async function translateCues(options: TranslateCuesOptions): Promise<Map<number, string>> {
  const { provider, cues, concurrency = 8, memory = true } = options
  const plan = planCues(cues, memory)
  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  const reporter = batchReporter(plan.results, options.onBatchDone)
  const run: EngineRun = {
    chain: [provider, ...(options.fallbacks ?? [])],
    outOfService: new Set(),
    anyAnswered: false,
    signal,
    retry: options.retry ?? {},
    sleep: options.sleep,
    glossary: options.glossary ?? [],
    sourceLanguage: options.sourceLanguage,
    targetLanguage: options.targetLanguage,
    review: options.review ?? false,
    copies: plan.copies,
    contextFor: (p, first, last) => contextFor({ cues, results: plan.results, contextSize: options.contextSize ?? 3 }, p, first, last),
    report: reporter.report,
  }
  try {
    await reporter.report(plan.immediate)
    const untranslatable = await translateBatches(run, batchesOf(plan.pending, provider, { batchSize: options.batchSize, concurrency }), concurrency)
    await reporter.settled()
    if (untranslatable) throw untranslatable
  } catch (error) {
    reporter.close()
    stop.abort(error)
    await reporter.settled().catch(() => undefined)
    throw error
  }
  return plan.results
}

/**
 * Runs the batches `concurrency` at once in the scheduler's order. A cue no provider could
 * translate fails the call, but only after every other batch is done: answered, not thrown.
 */
async function translateBatches(run: EngineRun, batches: Pending[][], concurrency: number): Promise<unknown> {
  const scheduler = batchScheduler(batches.length, concurrency)
  let untranslatable: unknown
  await mapWithConcurrency(batches, concurrency, async () => {
    const i = scheduler.next()
    await translateGroup(run, batches[i]).catch((error: unknown) => {
      if (!isAboutCues(error) || run.signal.aborted) throw error
      untranslatable ??= error
    })
    scheduler.finish(i)
  })
  return untranslatable
}
