import 'server-only'
import { env } from '@/lib/env'

/** The feature flags (docs/product.md, Feature flags) and sandbox state, as the interface needs them. */
export type Features = { googleTranslation: boolean; pointsPurchase: boolean; googleLogin: boolean; isSandbox: boolean }

export function features(): Features {
  const e = env()
  return {
    googleTranslation: e.FEATURE_GOOGLE_TRANSLATION,
    pointsPurchase: e.FEATURE_POINTS_PURCHASE,
    googleLogin: e.FEATURE_GOOGLE_LOGIN,
    isSandbox: e.SANDBOX,
  }
}
