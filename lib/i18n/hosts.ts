import type { Locale } from '@/lib/site'
import { siteHosts } from '@/lib/site'
import { locales } from './routing'

function origin(host: string) {
  const local = host === 'localhost' || host.endsWith('.localhost')
  return `${local ? 'http' : 'https'}://${host}`
}

/** Which origin owns each locale, and whether it sits at clean paths there. One table for canonicals, hreflang and the sitemap. */
export function localeOwners(): Record<Locale, { origin: string; prefixed: boolean }> {
  const hosts = siteHosts()
  return {
    'zh-CN': { origin: origin(hosts.cn), prefixed: false },
    'en-US': { origin: origin(hosts.intl), prefixed: false },
    'ja-JP': { origin: origin(hosts.intl), prefixed: true },
  }
}

/** The canonical URL of a path (without locale prefix, starting with /) in a locale. */
export function canonicalUrl(locale: Locale, path: string): string {
  const owner = localeOwners()[locale]
  const clean = path === '/' ? '' : path
  return `${owner.origin}${owner.prefixed ? `/${locale}` : ''}${clean}` || '/'
}

/** hreflang alternates for a path, with x-default on the en-US URL. */
export function alternateLanguages(path: string): Record<string, string> {
  const entries: [string, string][] = locales.map((l) => [l, canonicalUrl(l, path)])
  entries.push(['x-default', canonicalUrl('en-US', path)])
  return Object.fromEntries(entries)
}
