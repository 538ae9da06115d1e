import type { TranslateLine, TranslateProvider } from '../providers/types'
import { estimateTokens, normaliseText, planBatches } from '../tokens'
import type { CueToTranslate, TranslatedCue } from './types'

/** A cue to send: its place in the file (for context) and the key its identical copies share. */
export type Pending = TranslateLine & { index: number; key: string }

export type CuePlan = {
  /** id → translation of the cues that already carry one (a resumed task): kept as they are. */
  results: Map<number, string>
  /** Cues answered without a request: blank ones, and repeats of a line already translated. */
  immediate: TranslatedCue[]
  /** One cue for each distinct text still to translate, in file order. */
  pending: Pending[]
  /** key → ids of the later copies of a pending cue, answered with its translation. */
  copies: Map<string, number[]>
}

const isBlank = (text: string) => text.trim() === ''
// A line's key holds its speaker: gendered and polite forms differ between people.
const keyOf = (cue: CueToTranslate) => (cue.speaker ? `${cue.speaker}\u0000${normaliseText(cue.text)}` : normaliseText(cue.text))
const isDone = (cue: CueToTranslate) => typeof cue.translatedText === 'string' && (!isBlank(cue.translatedText) || isBlank(cue.text))

/**
 * Sorts the cues into kept, answered at once and to send. Rules: with `memory`, cues with the same
 * normalised text and the same speaker are sent once and the others reuse the answer (`repeat`),
 * an answer already in the file included (the same line said by two people is sent for each);
 * blank cues are answered blank.
 */
export function planCues(cues: readonly CueToTranslate[], memory: boolean): CuePlan {
  if (new Set(cues.map((cue) => cue.id)).size !== cues.length) throw new Error('cue ids must be unique')
  const plan: CuePlan = { results: new Map(), immediate: [], pending: [], copies: new Map() }
  const known = new Map<string, string>()
  if (memory) for (const cue of cues) if (isDone(cue) && !isBlank(cue.text)) known.set(keyOf(cue), cue.translatedText as string)
  cues.forEach((cue, index) => {
    if (isDone(cue)) return void plan.results.set(cue.id, cue.translatedText as string)
    if (isBlank(cue.text)) return void plan.immediate.push({ id: cue.id, translatedText: '', translatedBy: null })
    const key = memory ? keyOf(cue) : `#${cue.id}`
    const reused = known.get(key)
    if (reused !== undefined) return void plan.immediate.push({ id: cue.id, translatedText: reused, translatedBy: 'repeat' })
    const same = plan.copies.get(key)
    if (same) return void same.push(cue.id)
    plan.copies.set(key, [])
    plan.pending.push({ id: cue.id, text: cue.text, index, key, ...(cue.speaker ? { speaker: cue.speaker } : {}) })
  })
  return plan
}

/** Batches sized by source tokens (the provider's budget and cue cap), unless `batchSize` overrides it. */
export function batchesOf(pending: Pending[], provider: TranslateProvider, { batchSize, concurrency }: { batchSize?: number; concurrency: number }): Pending[][] {
  const tokensOf = (cue: Pending) => estimateTokens(cue.text) + 4
  return planBatches(pending, tokensOf, { budget: provider.batchTokens, maxItems: provider.maxBatch, fixedSize: batchSize, multipleOf: concurrency })
}

/**
 * Hands out batch numbers so that the first round spreads over the file (every k-th batch) and each
 * later batch starts, when possible, after the batch before it finished: its translations then go
 * along as context.
 */
export function batchScheduler(count: number, concurrency: number) {
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
