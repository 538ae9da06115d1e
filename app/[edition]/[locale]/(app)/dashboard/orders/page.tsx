import { OrdersView } from '@/components/dashboard/orders-view'
import { requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('orders')

/** /dashboard/orders: the buyer's orders beside the points balance. */
export default async function OrdersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <OrdersView canPurchase={features().pointsPurchase} />
}
