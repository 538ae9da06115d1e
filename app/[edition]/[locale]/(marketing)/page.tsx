import { LandingPage } from '@/components/marketing/landing-page'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageEdition, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('home', '/')
// The offers in the structured data come from the catalogue: read again every few minutes.
export const revalidate = 300

export default async function HomePage({ params }: LocaleParams) {
  const { edition, locale } = await pageEdition(params)
  return <LandingPage edition={edition} locale={locale} />
}
