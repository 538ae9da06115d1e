import { getTranslations } from 'next-intl/server'
import { OrdersView } from '@/components/dashboard/orders-view'
import { requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'dashboard.pageTitles' })
  return { title: t('orders') }
})

/** /dashboard/orders: the buyer's orders beside the points balance. */
export default async function OrdersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <OrdersView canPurchase={features().pointsPurchase} />
}
