import { hasLocale } from 'next-intl'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { routing } from '@/lib/i18n/routing'
import type { Locale } from '@/lib/site'

export type LocaleParams = { params: Promise<{ locale: string }> }

/** Reads and checks a page's locale and enables static rendering for it. */
export async function pageLocale(params: LocaleParams['params']): Promise<Locale> {
  const { locale } = await params
  if (!hasLocale(routing.locales, locale)) notFound()
  setRequestLocale(locale)
  return locale
}
