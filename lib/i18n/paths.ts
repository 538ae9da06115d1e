import { EDITION_NAMES, type Locale } from '@/lib/site'
import { locales } from './routing'

/** `zh-CN|en-US|ja-JP`, from the routing config: the one list of locales. */
export const LOCALE_ALTERNATION = locales.join('|')
const LOCALE_PREFIX = new RegExp(`^/(${LOCALE_ALTERNATION})(?=/|$)`)
const EDITION_PREFIX = new RegExp(`^/(?:${EDITION_NAMES.join('|')})(?=/(?:${LOCALE_ALTERNATION})(?:/|$))`)

/** A path in a locale as addressed on a host whose default locale is `hostDefault` (as-needed prefixes). */
export function localizedPath(locale: Locale, path: string, hostDefault: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === hostDefault) return clean
  return `/${locale}${clean === '/' ? '' : clean}`
}

/** Strips a locale prefix from a pathname. */
export function stripLocale(pathname: string): string {
  const stripped = pathname.replace(LOCALE_PREFIX, '')
  return stripped === '' ? '/' : stripped
}

/**
 * The page's path without edition or locale prefix, the same whether read from a prerendered
 * route (/intl/ja-JP/about) or from the address bar (/ja-JP/about), so server and client agree.
 */
export function pagePath(pathname: string): string {
  return stripLocale(pathname.replace(EDITION_PREFIX, ''))
}

/**
 * Before the client knows its host (server HTML), links assume the page is served by the host
 * that owns its locale: zh-CN and en-US at clean paths, ja-JP under its prefix.
 */
export function assumedHostDefault(locale: Locale): Locale {
  return locale === 'ja-JP' ? 'en-US' : locale
}
