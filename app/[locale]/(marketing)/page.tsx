import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { LandingPage } from '@/components/marketing/landing-page'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.home' })
  return pageMetadata({ locale, path: '/', title: t('title'), description: t('description') })
}

export default async function HomePage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LandingPage />
}
