import type { MetadataRoute } from 'next'
import { alternateLanguages, canonicalUrl } from '@/lib/i18n/hosts'
import { locales } from '@/lib/i18n/routing'
import { LANDING_SLUGS } from '@/lib/seo/landing-paths'

const PUBLIC_PATHS = ['/', '/about', '/contact', '/terms', '/privacy', ...LANDING_SLUGS.map((slug) => `/${slug}`)]

/** Every public page in every locale, at the URL of the host that owns the locale. */
export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PATHS.flatMap((path) =>
    locales.map((locale) => ({
      url: canonicalUrl(locale, path),
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages: alternateLanguages(path) },
    })),
  )
}
