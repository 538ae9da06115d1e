import { LandingPage } from '@/components/marketing/landing-page'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

// /home shows the landing page; its canonical is / so search engines index one copy.
export const generateMetadata = staticPageMetadata('home', '/')

export default async function HomeAliasPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LandingPage />
}
