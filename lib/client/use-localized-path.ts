'use client'

import { useLocale } from 'next-intl'
import { assumedHostDefault, localizedPath } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/site'
import { useEdition } from './use-edition'

/** Builds paths in the current locale as addressed on the current host (for router.push and redirects). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale() as Locale
  const edition = useEdition()
  return (path) => localizedPath(locale, path, edition?.defaultLocale ?? assumedHostDefault(locale))
}
