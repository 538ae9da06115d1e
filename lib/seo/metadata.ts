import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { alternateLanguages, canonicalUrl, localeOwners } from '@/lib/i18n/hosts'
import type { Locale } from '@/lib/site'
import { pageLocale } from './page-params'

type Options = { locale: Locale; path: string; title: string; description: string; isIndexable?: boolean }

/** Title, description, canonical and hreflang alternates (x-default included) of a page in a locale. */
export function pageMetadata({ locale, path, title, description, isIndexable = true }: Options): Metadata {
  const canonical = canonicalUrl(locale, path)
  return {
    metadataBase: new URL(localeOwners()[locale].origin),
    title,
    description,
    alternates: { canonical, languages: alternateLanguages(path) },
    openGraph: {
      title,
      description,
      url: canonical,
      siteName: 'Subtitle Studio',
      locale: locale.replace('-', '_'),
      type: 'website',
      // Drawn per locale at build time (app/og/[locale]/route.tsx).
      images: [{ url: `/og/${locale}`, width: 1200, height: 630, alt: title }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [`/og/${locale}`] },
    robots: isIndexable ? { index: true, follow: true } : { index: false, follow: false },
  }
}

type StaticPageKey = 'home' | 'about' | 'contact' | 'terms' | 'privacy' | 'login' | 'register' | 'forgotPassword'

/** generateMetadata of a page whose title and description live under `metadata.<key>` (the sign-in pages are not indexed). */
export function staticPageMetadata(key: StaticPageKey, path: string, { isIndexable = true }: { isIndexable?: boolean } = {}) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const locale = await pageLocale(params)
    const t = await getTranslations({ locale, namespace: `metadata.${key}` })
    return pageMetadata({ locale, path, title: t('title'), description: t('description'), isIndexable })
  }
}
