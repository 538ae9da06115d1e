// Public API of pricing: the points a file costs and the time its translation takes. Pure, safe in the browser.
export {
  computeCost,
  priceCues,
  readingMs,
  estimateTranslationMs,
  MAX_CUE_CHARS,
  READING_CPS,
  READING_CPS_CJK,
  type Cost,
  type PricedBy,
  POINTS_PER_MINUTE,
  MAX_UPLOAD_BYTES,
  type TranslationEstimateOptions,
} from '@/lib/pricing/cost'
export { REVIEW_POINTS_PER_MINUTE, reviewCostFor } from '@/lib/pricing/review'
