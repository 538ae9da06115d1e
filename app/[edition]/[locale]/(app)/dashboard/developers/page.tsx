import { DevelopersView } from '@/components/developers/developers-view'
import { requireUser } from '@/lib/auth/guards'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('developers')

/** /dashboard/developers: the user's API keys and webhook endpoints. */
export default async function DevelopersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <DevelopersView />
}
