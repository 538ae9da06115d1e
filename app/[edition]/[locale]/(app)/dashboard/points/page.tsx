import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { redirect } from 'next/navigation'
import { PurchaseView } from '@/components/dashboard/purchase-view'
import { localized, requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'dashboard.pageTitles' })
  return { title: t('points'), robots: { index: false, follow: false } }
}

/** /dashboard/points: buy points, while the points-purchase feature is on (else the task list). */
export default async function PointsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  if (!features().pointsPurchase) redirect(await localized(locale, '/dashboard'))
  await requireUser(locale)
  return <PurchaseView />
}
