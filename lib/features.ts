import 'server-only'
import { env } from '@/lib/env'

/** The feature flags (docs/product.md, Feature flags) and sandbox state, as the interface needs them. */
export type Features = {
  googleTranslation: boolean
  pointsPurchase: boolean
  googleLogin: boolean
  isSandbox: boolean
  /** Translation services answered by the sandbox's fakes: a task of one holds placeholder lines (`[ja] …`), not translations. */
  sandboxTranslators: string[]
}

export function features(): Features {
  const e = env()
  return {
    googleTranslation: e.FEATURE_GOOGLE_TRANSLATION,
    pointsPurchase: e.FEATURE_POINTS_PURCHASE,
    googleLogin: e.FEATURE_GOOGLE_LOGIN,
    isSandbox: e.SANDBOX,
    sandboxTranslators: sandboxTranslators(),
  }
}

/** The translation services whose lines are the sandbox's placeholders (none outside the sandbox). */
export function sandboxTranslators(): string[] {
  const e = env()
  return e.SANDBOX ? e.SANDBOX_TRANSLATORS : []
}
