import 'server-only'
import type { NextRequest } from 'next/server'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { localizedPath } from '@/lib/i18n/paths'
import { requestOrigin } from '@/lib/oauth/request-origin'
import { consumeRateLimit, clientIp } from '@/lib/rate-limit'
import { resolveEdition, type Edition, type Locale } from '@/lib/site'

/** The site a purchase is made on: its origin (for return and notify URLs) and its edition. */
export function purchaseSite(req: NextRequest): { origin: string; edition: Edition } {
  const origin = requestOrigin(req)
  return { origin, edition: resolveEdition(new URL(origin).host) }
}

/** Refuses purchases while the points-purchase feature is off. */
export function assertPurchaseEnabled(): void {
  if (!env().FEATURE_POINTS_PURCHASE) throw new AppError('forbidden', 'purchaseDisabled')
}

/** Where providers send the buyer back: the dashboard, in the buyer's language on this host. */
export function dashboardPath(locale: Locale, edition: Edition): string {
  return localizedPath(locale, '/dashboard', edition.defaultLocale)
}

/** Status queries reach the providers: 30 a minute per caller (user, or client address) is plenty for polling. */
export async function limitPaymentQueries(key: string): Promise<void> {
  const { isAllowed } = await consumeRateLimit({ key: `payquery:${key}`, limit: 30, windowMs: 60_000 })
  if (!isAllowed) throw new AppError('rate_limited', 'rateLimited')
}

export { clientIp }
