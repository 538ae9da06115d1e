import { redirect } from 'next/navigation'
import { localized } from '@/lib/auth/guards'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

// /assets is the dashboard's buy-points view, in the visitor's language on this host.
export default async function AssetsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  redirect(await localized(locale, '/dashboard/points'))
}
