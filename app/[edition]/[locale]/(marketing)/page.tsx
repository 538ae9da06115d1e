import { LandingPage } from '@/components/marketing/landing-page'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageEdition, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('home', '/')

export default async function HomePage({ params }: LocaleParams) {
  const { edition, locale } = await pageEdition(params)
  return <LandingPage edition={edition} locale={locale} />
}
