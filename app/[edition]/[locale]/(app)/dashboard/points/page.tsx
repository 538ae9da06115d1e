import { redirect } from 'next/navigation'
import { PurchaseView } from '@/components/dashboard/purchase-view'
import { localized, requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('points')

/** /dashboard/points: buy points, while the points-purchase feature is on (else the task list). */
export default async function PointsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  if (!features().pointsPurchase) redirect(await localized(locale, '/dashboard'))
  await requireUser(locale)
  return <PurchaseView />
}
