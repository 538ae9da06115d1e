import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { LandingPage } from '@/components/marketing/landing-page'
import { LANDING_SLUGS, isLandingSlug } from '@/lib/seo/landing-paths'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageEdition } from '@/lib/seo/page-params'

type Props = { params: Promise<{ edition: string; locale: string; slug: string }> }

export const dynamicParams = false

export function generateStaticParams() {
  return LANDING_SLUGS.map((slug) => ({ slug }))
}

async function read(params: Props['params']) {
  const { edition, locale } = await pageEdition(params)
  const { slug } = await params
  if (!isLandingSlug(slug)) notFound()
  return { edition, locale, slug }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await read(params)
  const t = await getTranslations({ locale })
  return pageMetadata({
    locale,
    path: `/${slug}`,
    title: t('metadata.landing.title', { topic: t(`landingTopics.${slug}`) }),
    description: t(`seo.pages.${slug}.description`),
  })
}

export default async function LandingSlugPage({ params }: Props) {
  const { edition, locale, slug } = await read(params)
  return <LandingPage topic={slug} edition={edition} locale={locale} />
}
