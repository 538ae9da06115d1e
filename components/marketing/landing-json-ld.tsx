import { getTranslations } from 'next-intl/server'
import { canonicalUrl } from '@/lib/i18n/hosts'
import { productCatalogue, currencyFor, type EditionName, type Locale } from '@/lib/site'
import { breadcrumbList, faqPage, softwareApplication } from '@/lib/seo/json-ld'
import type { LandingSlug } from '@/lib/seo/landing-paths'
import { seoMessages } from '@/lib/seo/seo-messages'
import { publicProducts } from '@/lib/seo/public-products'
import { JsonLd } from './json-ld'

/** SoftwareApplication with its packs on the landing page, FAQPage on /faq, BreadcrumbList elsewhere. */
export async function LandingJsonLd({ topic, edition, locale }: { topic?: LandingSlug; edition: EditionName; locale: Locale }) {
  const t = await getTranslations()
  if (!topic) {
    const currency = currencyFor(locale)
    const products = await publicProducts(productCatalogue(edition))
    const offers = products.map((p) => ({
      name: t('seo.packPoints', { points: p.points }),
      price: currency === 'CNY' ? p.originalPrice : p.dollarPrice,
      currency,
    }))
    return <JsonLd data={softwareApplication({ name: t('common.brand'), description: t('metadata.home.description'), url: canonicalUrl(locale, '/'), offers, locale })} />
  }
  const crumbs = breadcrumbList([
    { name: t('seo.breadcrumbHome'), url: canonicalUrl(locale, '/') },
    { name: t(`landingTopics.${topic}`), url: canonicalUrl(locale, `/${topic}`) },
  ])
  if (topic === 'faq') {
    return (
      <>
        <JsonLd data={faqPage(Object.values((await seoMessages()).faqItems))} />
        <JsonLd data={crumbs} />
      </>
    )
  }
  return <JsonLd data={crumbs} />
}
