import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { hasLocale } from 'next-intl'
import { LandingPage } from '@/components/marketing/landing-page'
import { routing } from '@/lib/i18n/routing'
import { LANDING_SLUGS, isLandingSlug } from '@/lib/seo/landing-paths'
import { pageMetadata } from '@/lib/seo/metadata'

type Props = { params: Promise<{ locale: string; slug: string }> }

export const dynamicParams = false

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => LANDING_SLUGS.map((slug) => ({ locale, slug })))
}

async function read(params: Props['params']) {
  const { locale, slug } = await params
  if (!hasLocale(routing.locales, locale) || !isLandingSlug(slug)) notFound()
  setRequestLocale(locale)
  return { locale, slug }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await read(params)
  const t = await getTranslations({ locale })
  const topic = t(`landingTopics.${slug}`)
  return pageMetadata({
    locale,
    path: `/${slug}`,
    title: t('metadata.landing.title', { topic }),
    description: t('metadata.landing.description', { topic }),
  })
}

export default async function LandingSlugPage({ params }: Props) {
  const { slug } = await read(params)
  return <LandingPage topic={slug} />
}
