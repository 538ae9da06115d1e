import type { ReactNode } from 'react'
import { getTranslations } from 'next-intl/server'
import { pageEdition } from '@/lib/seo/page-params'
import { editionView } from '@/lib/site'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'

export default async function MarketingLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string; edition: string }> }) {
  // Every layout sets the locale too, or next-intl reads headers() and the pages turn dynamic.
  const view = editionView((await pageEdition(params)).edition)
  const t = await getTranslations('common')
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2">
        {t('skipToContent')}
      </a>
      <SiteHeader edition={view} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter edition={view} />
    </div>
  )
}
