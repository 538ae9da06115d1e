import type { Metadata } from 'next'
import { alternateLanguages, canonicalUrl, localeOwners } from '@/lib/i18n/hosts'
import type { Locale } from '@/lib/site'

type Options = { locale: Locale; path: string; title: string; description: string; isIndexable?: boolean }

/** Title, description, canonical and hreflang alternates (x-default included) of a page in a locale. */
export function pageMetadata({ locale, path, title, description, isIndexable = true }: Options): Metadata {
  const canonical = canonicalUrl(locale, path)
  return {
    metadataBase: new URL(localeOwners()[locale].origin),
    title,
    description,
    alternates: { canonical, languages: alternateLanguages(path) },
    openGraph: { title, description, url: canonical, siteName: 'Subtitle Studio', locale: locale.replace('-', '_'), type: 'website' },
    robots: isIndexable ? { index: true, follow: true } : { index: false, follow: false },
  }
}
