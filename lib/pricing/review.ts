// The review pass's price (docs/billing.md). Pure, safe in the browser: the upload dialog shows it.
import { POINTS_PER_MINUTE } from './cost'

/** 5 points per started minute of the same billed time as the translation (docs/billing.md). */
export const REVIEW_POINTS_PER_MINUTE = 5

/**
 * Points the review pass adds to a task whose translation costs `translationCost`: the same
 * started minutes, at 5 points each (half the translation's price: one more request per batch,
 * answering only corrections).
 */
export function reviewCostFor(translationCost: number): number {
  return Math.ceil(translationCost / POINTS_PER_MINUTE) * REVIEW_POINTS_PER_MINUTE
}
