import { getTranslations } from 'next-intl/server'
import { AppProviders } from '@/components/layout/app-providers'
import { BrandMark, BrandName } from '@/components/layout/brand'
import { LanguageSwitcher } from '@/components/layout/language-switcher'
import { ReviewPage } from '@/components/review/review-page'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageEdition } from '@/lib/seo/page-params'
import { editionView } from '@/lib/site'

type Params = { params: Promise<{ locale: string; edition: string; token: string }> }

// The token is the page's only key: never prerendered, and never sent on as a referrer.
export const dynamic = 'force-dynamic'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'review.page' })
  return { title: t('pageTitle'), referrer: 'no-referrer' }
})

/**
 * /review/{token}: a task shared for review, for someone without an account. The page reads the
 * lines through the link's own API (/api/review/{token}); the token opens nothing else.
 */
export default async function ReviewLinkPage({ params }: Params) {
  const view = editionView((await pageEdition(params)).edition)
  const { token } = await params
  return (
    <AppProviders>
      <div className="flex h-dvh flex-col bg-bg">
        <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-border bg-surface px-4 md:px-6">
          <span className="flex items-center gap-2.5">
            <BrandMark />
            <BrandName />
          </span>
          <LanguageSwitcher edition={view} />
        </header>
        <ReviewPage token={token} />
      </div>
    </AppProviders>
  )
}
