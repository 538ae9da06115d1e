import { getTranslations } from 'next-intl/server'
import type { EditionView } from '@/lib/site'
import { AuthLink } from './auth-link'
import { BrandMark, BrandName } from './brand'
import { LanguageSwitcher } from './language-switcher'
import { LocalizedLink } from './localized-link'

export async function SiteHeader({ edition }: { edition?: EditionView }) {
  const t = await getTranslations('header')
  const tc = await getTranslations('common')
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* Named for narrow screens, where only the mark shows. */}
        <LocalizedLink href="/" className="flex min-w-0 items-center gap-2.5" data-testid="brand-link" aria-label={tc('brand')}>
          <BrandMark />
          <span className="hidden min-[420px]:inline">
            <BrandName />
          </span>
        </LocalizedLink>
        <nav className="hidden items-center gap-6 text-sm text-muted md:flex">
          <LocalizedLink href="/pricing" className="hover:text-fg">
            {t('pricing')}
          </LocalizedLink>
          <LocalizedLink href="/about" className="hover:text-fg">
            {t('about')}
          </LocalizedLink>
        </nav>
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitcher edition={edition} />
          <AuthLink />
        </div>
      </div>
    </header>
  )
}
