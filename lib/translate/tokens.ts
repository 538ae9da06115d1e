// Source-token estimates: batches are sized by them, so a batch of short lines holds more cues.

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g

/** Rough token count: one per CJK character, one per three other characters (errs high on purpose). */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0
  return cjk + Math.ceil((text.length - cjk) / 3)
}

/** Whitespace-collapsed text: cues equal under it are translated once per task. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Splits items (in order) into batches. Rules: with `fixedSize` (the batch-size override) every
 * batch but the last has that many items; otherwise the fewest batches that keep each one within
 * `budget` tokens and `maxItems` items, with the tokens spread evenly over them (no tiny last
 * batch), rounded up to a multiple of `multipleOf` while batches stay half full. An item over the
 * budget on its own still gets a batch.
 */
export function planBatches<T>(
  items: readonly T[],
  tokensOf: (item: T) => number,
  { budget, maxItems, fixedSize, multipleOf = 1 }: { budget: number; maxItems: number; fixedSize?: number; multipleOf?: number },
): T[][] {
  if (items.length === 0) return []
  if (fixedSize !== undefined) {
    const size = Math.max(1, Math.min(fixedSize, maxItems))
    const out: T[][] = []
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
    return out
  }
  const tokens = items.map(tokensOf)
  const total = tokens.reduce((a, b) => a + b, 0)
  const cap = Math.max(1, maxItems)
  let count = Math.max(Math.ceil(total / Math.max(1, budget)), Math.ceil(items.length / cap))
  // A whole number of rounds of `multipleOf` (the requests in flight) costs no extra round trip and
  // lets every batch after the first round start once the batch before it is done; only while
  // batches stay at least half full.
  const rounded = Math.ceil(count / multipleOf) * multipleOf
  if (count > multipleOf && items.length / rounded >= cap / 2) count = rounded
  // Even targets may not fit (an uneven run of long lines): add a batch until every one fits.
  for (;;) {
    const batches = fill(items, tokens, total / count, budget, cap)
    if (batches.length <= count || count >= items.length) return batches
    count += 1
  }
}

function fill<T>(items: readonly T[], tokens: number[], target: number, budget: number, cap: number): T[][] {
  const out: T[][] = []
  let current: T[] = []
  let sum = 0
  let before = 0
  items.forEach((item, i) => {
    // Close the batch when this item would sit mostly past the even share of the running total.
    const pastShare = before + sum + tokens[i] / 2 > target * (out.length + 1)
    if (current.length > 0 && (current.length >= cap || sum + tokens[i] > budget || pastShare)) {
      out.push(current)
      before += sum
      current = []
      sum = 0
    }
    current.push(item)
    sum += tokens[i]
  })
  if (current.length > 0) out.push(current)
  return out
}
