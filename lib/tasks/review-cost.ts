import { POINTS_PER_MINUTE } from '@/lib/srt/cost'

/** The DeepSeek review pass: 5 points per started minute, on top of the translation (docs/billing.md). */
export const REVIEW_POINTS_PER_MINUTE = 5

/** Points the review pass adds to a file whose translation costs `translationCost` (10 per started minute). */
export function reviewCost(translationCost: number): number {
  return Math.ceil(translationCost / POINTS_PER_MINUTE) * REVIEW_POINTS_PER_MINUTE
}

/** Whether a task gets the review pass: asked for, and its service has a reviewer (DeepSeek only). */
export const wantsReview = (review: boolean | undefined, service: string) => review === true && service === 'deepseek'
