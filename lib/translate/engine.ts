import { log } from '@/lib/log'
import { timeStage } from '@/lib/metrics'
import { glossaryBudget, glossaryForBatch } from './batch-glossary'
import { abortableSleep, pauseProvider, providerAnswered, waitForProvider, type Sleep } from './pause'
import { mapWithConcurrency } from './pool'
import { reviewTranslations } from './review'
import { ProviderError, type ContextLine, type GlossaryTerm, type ProviderName, type TranslateLine, type TranslateProvider } from './providers/types'
import { estimateTokens, normaliseText, planBatches } from './tokens'

/**
 * A cue to translate; one that already carries a translation (a resumed task) is kept as it is.
 * `speaker`: who says it (a transcription's speaker), sent along so each person's forms stay theirs.
 */
export type CueToTranslate = { id: number; text: string; translatedText?: string | null; speaker?: string }

/** Who made a translation: a provider, or `memory` when the answer for an identical line was reused. */
/** `repeat`: the answer of an identical line earlier in the same file; `memory`: the creator's translation memory's. */
export type TranslatedBy = ProviderName | 'memory' | 'repeat'

/**
 * With the review pass on, what it did to a cue: `corrected` (then `firstTranslation` holds the
 * translation it replaced), `unchanged`, or `failed` (the provider could not review it; the
 * translation stands).
 */
export type ReviewOutcome = 'corrected' | 'unchanged' | 'failed'

export type TranslatedCue = { id: number; translatedText: string; translatedBy: TranslatedBy | null; review?: ReviewOutcome; firstTranslation?: string }

/** `attempts` = retries after the first try; `delayMs` = pause between them. */
export type RetryPolicy = { attempts: number; delayMs: number }

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

// A rate limit asking for longer than this (a daily quota) is a failure of that provider, not a wait.
const GIVE_UP_RATE_WAIT_MS = 5 * 60_000
// Context on each side may take this share of the provider's batch budget, beyond the minimum.
const CONTEXT_SHARE = 0.12
const MAX_CONTEXT_CUES = 12

const isBlank = (text: string) => text.trim() === ''
const isDone = (cue: CueToTranslate) => typeof cue.translatedText === 'string' && (!isBlank(cue.translatedText) || isBlank(cue.text))

type Pending = TranslateLine & { index: number; key: string }

/**
 * Failures narrowed down to one cue: every provider kept failing a request holding it (a 5xx tied
 * to its content, say) while they answered requests without it.
 */
const tiedToOneCue = new WeakSet<ProviderError>()

/** A failure of particular cues (a wrong answer, a refusal, a cue every provider fails on), not of the provider as a whole. */
const isAboutCues = (error: unknown) =>
  error instanceof ProviderError && (error.kind === 'bad_answer' || error.kind === 'refused' || tiedToOneCue.has(error))

const halves = <T>(group: T[]): [T[], T[]] => {
  const half = Math.ceil(group.length / 2)
  return [group.slice(0, half), group.slice(half)]
}

/**
 * Hands out batch numbers so that the first round spreads over the file (every k-th batch) and each
 * later batch starts, when possible, after the batch before it finished: its translations then go
 * along as context.
 */
function batchScheduler(count: number, concurrency: number) {
  const rounds = Math.ceil(count / Math.max(1, concurrency))
  const queue = Array.from({ length: count }, (_, i) => i).sort((a, b) => (a % rounds) - (b % rounds) || a - b)
  const finished = new Set<number>()
  return {
    next(): number {
      const ready = queue.findIndex((i) => i === 0 || finished.has(i - 1))
      return queue.splice(ready === -1 ? 0 : ready, 1)[0]
    },
    finish(i: number) {
      finished.add(i)
    },
  }
}

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
 *   to that provider in the process (lib/translate/pause.ts);
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
export async function translateCues({
  provider,
  fallbacks = [],
  cues,
  sourceLanguage,
  targetLanguage,
  batchSize,
  concurrency = 8,
  retry = {},
  contextSize = 3,
  glossary = [],
  memory = true,
  review = false,
  signal,
  onBatchDone,
  sleep = abortableSleep,
}: TranslateCuesOptions): Promise<Map<number, string>> {
  const { attempts = 3, delayMs = 1000 } = retry
  const chain = [provider, ...fallbacks]
  const results = new Map<number, string>()
  if (new Set(cues.map((cue) => cue.id)).size !== cues.length) throw new Error('cue ids must be unique')

  const immediate: TranslatedCue[] = []
  const known = new Map<string, string>()
  // A line's key holds its speaker: gendered and polite forms differ between people.
  const keyOf = (cue: CueToTranslate) => (cue.speaker ? `${cue.speaker}\u0000${normaliseText(cue.text)}` : normaliseText(cue.text))
  if (memory) for (const cue of cues) if (isDone(cue) && !isBlank(cue.text)) known.set(keyOf(cue), cue.translatedText as string)
  const pending: Pending[] = []
  const copies = new Map<string, number[]>()
  cues.forEach((cue, index) => {
    if (isDone(cue)) return void results.set(cue.id, cue.translatedText as string)
    if (isBlank(cue.text)) return void immediate.push({ id: cue.id, translatedText: '', translatedBy: null })
    const key = memory ? keyOf(cue) : `#${cue.id}`
    const reused = known.get(key)
    if (reused !== undefined) return void immediate.push({ id: cue.id, translatedText: reused, translatedBy: 'repeat' })
    const same = copies.get(key)
    if (same) return void same.push(cue.id)
    copies.set(key, [])
    pending.push({ id: cue.id, text: cue.text, index, key, ...(cue.speaker ? { speaker: cue.speaker } : {}) })
  })

  const stop = new AbortController()
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
  let reported: Promise<void> = Promise.resolve()
  // Once the call has failed, late answers are dropped: nothing is written after it returns.
  let isClosed = false
  const report = (done: TranslatedCue[]) => {
    if (isClosed) return Promise.resolve()
    for (const item of done) results.set(item.id, item.translatedText)
    if (!onBatchDone || done.length === 0) return Promise.resolve()
    reported = reported.then(() => onBatchDone(done))
    return reported
  }

  const contextBudget = (p: TranslateProvider) => Math.floor(p.batchTokens * CONTEXT_SHARE)
  function contextFor(p: TranslateProvider, first: number, last: number): { before: ContextLine[]; after: ContextLine[] } {
    const side = (from: number, step: 1 | -1): ContextLine[] => {
      const out: ContextLine[] = []
      let tokens = 0
      for (let i = from; i >= 0 && i < cues.length && out.length < MAX_CONTEXT_CUES; i += step) {
        const cue = cues[i]
        if (isBlank(cue.text)) continue
        tokens += estimateTokens(cue.text)
        if (out.length >= contextSize && tokens > contextBudget(p)) break
        const translation = step === -1 ? results.get(cue.id) : undefined
        const speaker = cue.speaker ? { speaker: cue.speaker } : {}
        out.push(translation ? { id: cue.id, text: cue.text, translation, ...speaker } : { id: cue.id, text: cue.text, ...speaker })
      }
      return step === -1 ? out.reverse() : out
    }
    return { before: side(first - 1, -1), after: side(last + 1, 1) }
  }

  // Whether any request of this call got a valid answer: then the providers are up, and a batch they
  // keep failing fails for its content.
  let anyAnswered = false

  async function request(p: TranslateProvider, group: Pending[]): Promise<string[]> {
    const lines = group.map(({ id, text, speaker }) => (speaker ? { id, text, speaker } : { id, text }))
    for (let attempt = 0; ; attempt++) {
      await waitForProvider(p.limitKey, sleep, combined)
      try {
        const texts = await p.translateBatch({
          lines,
          context: p.usesContext ? contextFor(p, group[0].index, group[group.length - 1].index) : { before: [], after: [] },
          glossary: p.usesContext ? glossaryForBatch(glossary, lines, glossaryBudget(p.batchTokens)) : [],
          sourceLanguage,
          targetLanguage,
          signal: combined,
        })
        if (!Array.isArray(texts) || texts.length !== group.length) {
          throw new ProviderError({ provider: p.name, kind: 'bad_answer', message: 'provider answered the wrong number of lines' })
        }
        providerAnswered(p.limitKey)
        anyAnswered = true
        return texts
      } catch (error) {
        if (!(error instanceof ProviderError) || combined.aborted) throw error
        if (error.kind === 'fatal' || error.kind === 'refused' || attempt >= attempts) throw error
        if (error.kind === 'bad_answer' && group.length > 1) throw error
        if (error.kind === 'rate_limited') {
          if ((error.retryAfterMs ?? 0) > GIVE_UP_RATE_WAIT_MS) throw error
          pauseProvider(p.limitKey, error.retryAfterMs)
        } else {
          await sleep(delayMs, combined)
        }
      }
    }
  }

  // The batch's lines with their translations, shown again with the same context and glossary.
  function reviewGroup(p: TranslateProvider, group: Pending[], texts: string[]) {
    const lines = group.map((cue, i) => ({ id: cue.id, text: cue.text, translation: texts[i] }))
    return reviewTranslations({
      provider: p,
      lines,
      context: contextFor(p, group[0].index, group[group.length - 1].index),
      glossary: glossaryForBatch(glossary, lines, glossaryBudget(p.batchTokens)),
      sourceLanguage,
      targetLanguage,
      retry: { attempts, delayMs },
      sleep,
      signal: combined,
    })
  }

  const outOfService = new Set<number>()
  async function translateGroup(group: Pending[], level = 0, depth = 0): Promise<void> {
    const p = chain[level]
    if (outOfService.has(level) && level + 1 < chain.length) return translateGroup(group, level + 1, depth)
    let texts: string[]
    try {
      texts = await request(p, group)
    } catch (error) {
      if (!(error instanceof ProviderError) || combined.aborted) throw error
      if (isAboutCues(error) && group.length > 1) {
        // Both halves are tried, so one untranslatable cue costs no more than itself.
        let failure: unknown
        for (const part of halves(group)) {
          await translateGroup(part, level, depth + 1).catch((e: unknown) => {
            if (!isAboutCues(e) || combined.aborted) throw e
            failure ??= e
          })
        }
        if (failure) throw failure
        return
      }
      if (level + 1 >= chain.length) {
        if (error.kind !== 'retryable') throw error
        if (group.length === 1) {
          if (anyAnswered) tiedToOneCue.add(error)
          throw error
        }
        if (depth === 0 || anyAnswered) return splitFailedGroup(group, depth)
        throw error
      }
      if (error.kind === 'fatal') outOfService.add(level)
      log.warn('translate.fallback', { from: p.name, to: chain[level + 1].name, cues: group.length, kind: error.kind, error: error.message })
      return translateGroup(group, level + 1, depth)
    }
    const corrections = review ? await timeStage('reviewing', () => reviewGroup(p, group, texts), (c) => (c === null ? 'failed' : 'reviewed')) : undefined
    const done: TranslatedCue[] = []
    group.forEach((cue, i) => {
      const corrected = corrections?.get(cue.id)
      const outcome: Pick<TranslatedCue, 'review' | 'firstTranslation'> =
        corrections === undefined ? {} : corrections === null ? { review: 'failed' } : corrected === undefined ? { review: 'unchanged' } : { review: 'corrected', firstTranslation: texts[i] }
      const text = corrected ?? texts[i]
      done.push({ id: cue.id, translatedText: text, translatedBy: p.name, ...outcome })
      for (const id of copies.get(cue.key) ?? []) done.push({ id, translatedText: text, translatedBy: 'repeat', ...outcome })
    })
    await report(done)
  }

  /**
   * A group every provider kept failing: both halves are tried from the first provider again. A half
   * that fails too is split further once some request of the call has succeeded (its sibling, say);
   * if none has, the providers are down and its error stands.
   */
  async function splitFailedGroup(group: Pending[], depth: number): Promise<void> {
    log.warn('translate.split_failed_batch', { cues: group.length, first: group[0].id, depth })
    let cueFailure: unknown
    const failed: { part: Pending[]; error: ProviderError }[] = []
    for (const part of halves(group)) {
      await translateGroup(part, 0, depth + 1).catch((e: unknown) => {
        if (combined.aborted) throw e
        if (isAboutCues(e)) return void (cueFailure ??= e)
        if (e instanceof ProviderError && e.kind === 'retryable') return void failed.push({ part, error: e })
        throw e
      })
    }
    for (const { part, error } of failed) {
      if (!anyAnswered) throw error
      if (part.length === 1) {
        tiedToOneCue.add(error)
        cueFailure ??= error
        continue
      }
      await splitFailedGroup(part, depth + 1).catch((e: unknown) => {
        if (!isAboutCues(e) || combined.aborted) throw e
        cueFailure ??= e
      })
    }
    if (cueFailure) throw cueFailure
  }

  const tokensOf = (cue: Pending) => estimateTokens(cue.text) + 4
  const batches = planBatches(pending, tokensOf, { budget: provider.batchTokens, maxItems: provider.maxBatch, fixedSize: batchSize, multipleOf: concurrency })
  const scheduler = batchScheduler(batches.length, concurrency)

  try {
    await report(immediate)
    // A cue no provider could translate fails the call, but only after every other batch is done.
    let untranslatable: unknown
    await mapWithConcurrency(batches, concurrency, async () => {
      const i = scheduler.next()
      await translateGroup(batches[i]).catch((error: unknown) => {
        if (!isAboutCues(error) || combined.aborted) throw error
        untranslatable ??= error
      })
      scheduler.finish(i)
    })
    await reported
    if (untranslatable) throw untranslatable
  } catch (error) {
    isClosed = true
    stop.abort(error)
    await reported.catch(() => undefined)
    throw error
  }
  return results
}
