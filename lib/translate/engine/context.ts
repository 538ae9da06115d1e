import type { ContextLine, TranslateProvider } from '../providers/types'
import { estimateTokens } from '../tokens'
import type { CueToTranslate } from './types'

// Context on each side may take this share of the provider's batch budget, beyond the minimum.
const CONTEXT_SHARE = 0.12
const MAX_CONTEXT_CUES = 12

export type BatchContext = { before: ContextLine[]; after: ContextLine[] }

/**
 * The cues around a batch (file positions `first`..`last`), shown for meaning only. Rules: at least
 * `contextSize` non-blank cues on each side, more up to 12 while they fit the provider's context
 * budget; a cue before the batch carries the translation already made of it (`results`).
 */
export function contextFor(
  { cues, results, contextSize }: { cues: readonly CueToTranslate[]; results: ReadonlyMap<number, string>; contextSize: number },
  provider: TranslateProvider,
  first: number,
  last: number,
): BatchContext {
  const budget = Math.floor(provider.batchTokens * CONTEXT_SHARE)
  const side = (from: number, step: 1 | -1): ContextLine[] => {
    const out: ContextLine[] = []
    let tokens = 0
    for (let i = from; i >= 0 && i < cues.length && out.length < MAX_CONTEXT_CUES; i += step) {
      const cue = cues[i]
      if (cue.text.trim() === '') continue
      tokens += estimateTokens(cue.text)
      if (out.length >= contextSize && tokens > budget) break
      const translation = step === -1 ? results.get(cue.id) : undefined
      const speaker = cue.speaker ? { speaker: cue.speaker } : {}
      out.push(translation ? { id: cue.id, text: cue.text, translation, ...speaker } : { id: cue.id, text: cue.text, ...speaker })
    }
    return step === -1 ? out.reverse() : out
  }
  return { before: side(first - 1, -1), after: side(last + 1, 1) }
}
