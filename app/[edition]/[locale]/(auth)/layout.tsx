import type { ReactNode } from 'react'
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { AppProviders } from '@/components/layout/app-providers'
import { BrandMark, BrandName } from '@/components/layout/brand'
import { LanguageSwitcher } from '@/components/layout/language-switcher'
import { LocalizedLink } from '@/components/layout/localized-link'
import { pageEdition } from '@/lib/seo/page-params'
import { editionView } from '@/lib/site'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/** Signing-in pages: the brand, one centred card, and the legal links. */
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string; edition: string }> }) {
  // Layouts render beside their pages: each sets the locale itself, or next-intl reads headers().
  const view = editionView((await pageEdition(params)).edition)
  const t = await getTranslations('auth')
  return (
    <AppProviders>
    <div className="flex min-h-screen flex-col bg-bg">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
        <LocalizedLink href="/" className="flex items-center gap-2.5" data-testid="brand-link">
          <BrandMark />
          <BrandName />
        </LocalizedLink>
        <LanguageSwitcher edition={view} />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        {children}
      </main>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 pb-8 text-xs text-subtle">
        <LocalizedLink href="/terms" className="hover:text-fg" data-testid="auth-terms">
          {t('terms')}
        </LocalizedLink>
        <LocalizedLink href="/privacy" className="hover:text-fg" data-testid="auth-privacy">
          {t('privacy')}
        </LocalizedLink>
        <LocalizedLink href="/" className="hover:text-fg">
          {t('backHome')}
        </LocalizedLink>
      </footer>
    </div>
    </AppProviders>
  )
}
