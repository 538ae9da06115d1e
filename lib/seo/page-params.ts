import { hasLocale } from 'next-intl'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { routing } from '@/lib/i18n/routing'
import { isEditionName, type EditionName, type Locale } from '@/lib/site'

export type LocaleParams = { params: Promise<{ locale: string; edition?: string }> }

/** Reads and checks a page's locale and enables static rendering for it. */
export async function pageLocale(params: LocaleParams['params']): Promise<Locale> {
  const { locale } = await params
  if (!hasLocale(routing.locales, locale)) notFound()
  setRequestLocale(locale)
  return locale
}

/** Reads and checks a page's edition (the proxy puts it in the path) and locale. */
export async function pageEdition(params: LocaleParams['params']): Promise<{ edition: EditionName; locale: Locale }> {
  const locale = await pageLocale(params)
  const { edition } = await params
  if (!isEditionName(edition)) notFound()
  return { edition, locale }
}
