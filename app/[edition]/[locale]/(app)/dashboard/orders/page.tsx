import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { OrdersView } from '@/components/dashboard/orders-view'
import { requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'dashboard.pageTitles' })
  return { title: t('orders'), robots: { index: false, follow: false } }
}

/** /dashboard/orders: the buyer's orders beside the points balance. */
export default async function OrdersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <OrdersView canPurchase={features().pointsPurchase} />
}
