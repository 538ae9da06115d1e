// Which glossary entries go with one batch: those its lines use, within a share of the request's
// token budget, so a large glossary cannot make a request many times the size of its lines.
import type { GlossaryTerm, TranslateLine } from './providers/types'
import { estimateTokens } from './tokens'

/** The share of a provider's batch budget (source tokens) one request's glossary entries may take. */
export const GLOSSARY_SHARE = 0.25

/** Tokens an entry adds to a request: its JSON object and the comma after it. */
export function glossaryEntryTokens({ term, translation }: GlossaryTerm): number {
  return estimateTokens(JSON.stringify({ term, translation })) + 1
}

/** The tokens one request's glossary may take for a provider with this batch budget. */
export function glossaryBudget(batchTokens: number): number {
  return Math.floor(batchTokens * GLOSSARY_SHARE)
}

const wordCount = (term: string) => term.trim().split(/\s+/).length

/**
 * The entries sent with a batch. Rules: an entry applies when its term occurs in one of the lines
 * (ignoring case); applying entries are ranked most specific first (more words, then more lines of
 * the batch that use the term, then a longer term, then alphabetical), and taken in that order while
 * their tokens (`glossaryEntryTokens`) fit within `budget`; an entry that does not fit is left out,
 * and a shorter one after it may still fit.
 */
export function glossaryForBatch(glossary: readonly GlossaryTerm[], lines: readonly TranslateLine[], budget: number): GlossaryTerm[] {
  if (glossary.length === 0 || budget <= 0) return []
  const texts = lines.map((line) => line.text.toLowerCase())
  const applying: { entry: GlossaryTerm; words: number; uses: number }[] = []
  for (const entry of glossary) {
    const term = entry.term.trim().toLowerCase()
    if (term === '') continue
    const uses = texts.filter((text) => text.includes(term)).length
    if (uses > 0) applying.push({ entry, words: wordCount(term), uses })
  }
  applying.sort(
    (a, b) => b.words - a.words || b.uses - a.uses || b.entry.term.length - a.entry.term.length || (a.entry.term < b.entry.term ? -1 : a.entry.term > b.entry.term ? 1 : 0),
  )
  const chosen: GlossaryTerm[] = []
  let left = budget
  for (const { entry } of applying) {
    const cost = glossaryEntryTokens(entry)
    if (cost > left) continue
    chosen.push({ term: entry.term, translation: entry.translation })
    left -= cost
  }
  return chosen
}
