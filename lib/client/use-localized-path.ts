'use client'

import { useLocale } from 'next-intl'
import { assumedHostDefault, localizedPath } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/site'
import { useEdition } from './use-edition'

/**
 * Builds a path in a locale (the current one by default) as addressed on the current host. Before
 * the host is known (server HTML) it assumes the host that owns the current locale.
 */
export function useLocalizedPath(): (path: string, locale?: Locale) => string {
  const current = useLocale() as Locale
  const edition = useEdition()
  const hostDefault = edition?.defaultLocale ?? assumedHostDefault(current)
  return (path, locale = current) => localizedPath(locale, path, hostDefault)
}
