import { LandingPage } from '@/components/marketing/landing-page'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('home', '/')

export default async function HomePage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LandingPage />
}
