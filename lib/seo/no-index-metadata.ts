import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import type messages from '@/messages/en-US.json'
import type { Locale } from '@/lib/site'
import { pageLocale, type LocaleParams } from './page-params'

/**
 * `generateMetadata` of a page search engines must not index (signed-in pages, payment returns):
 * `read` answers its title (and description) in the page's locale, with typed message keys.
 */
export function noIndexMetadata(read: (locale: Locale) => Promise<Omit<Metadata, 'robots'>>) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const locale = await pageLocale(params)
    return { ...(await read(locale)), robots: { index: false, follow: false } }
  }
}

/** A dashboard page's `generateMetadata`: its title from `dashboard.pageTitles`, not indexed. */
export const dashboardPageMetadata = (page: keyof (typeof messages)['dashboard']['pageTitles']) =>
  noIndexMetadata(async (locale) => ({ title: (await getTranslations({ locale, namespace: 'dashboard.pageTitles' }))(page) }))

/** A payment return page's `generateMetadata` (public, not indexed): its title from `payments.<page>`, with the brand. */
export const paymentPageMetadata = (page: 'failPage' | 'successPage') =>
  noIndexMetadata(async (locale) => ({ title: `${(await getTranslations({ locale, namespace: 'payments' }))(`${page}.title`)} – Subtitle Studio` }))
