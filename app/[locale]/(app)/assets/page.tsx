import { redirect } from 'next/navigation'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

// The spec's /assets is the points purchase view of the dashboard.
export default async function AssetsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  redirect(`${locale === 'zh-CN' ? '' : `/${locale}`}/dashboard?view=purchase`)
}
