'use client'

import { assumedHostDefault, localizedPath } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/site'
import { useEditionView, usePageLocale } from './edition-context'

/**
 * Builds a path in a locale (the current one by default) as addressed on the current host (its
 * edition comes from the page's path, so server HTML has the right links); without one it assumes
 * the host that owns the current locale.
 */
export function useLocalizedPath(): (path: string, locale?: Locale) => string {
  const current = usePageLocale()
  const edition = useEditionView()
  const hostDefault = edition?.defaultLocale ?? assumedHostDefault(current)
  return (path, locale = current) => localizedPath(locale, path, hostDefault)
}
