import { getLocale } from 'next-intl/server'
import { loadMessages } from '@/lib/i18n/messages'
import type { Locale } from '@/lib/site'

/** The `seo` catalogue section of the current locale, for lists (questions, steps, points) read as data. */
export async function seoMessages() {
  return (await loadMessages((await getLocale()) as Locale)).seo
}
