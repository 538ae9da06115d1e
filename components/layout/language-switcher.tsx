'use client'

import { useLocale, useTranslations } from 'next-intl'
import { usePathname } from 'next/navigation'
import { useEdition } from '@/lib/client/use-edition'
import { localizedPath, stripLocale } from '@/lib/i18n/paths'
import { locales } from '@/lib/i18n/routing'
import type { Locale } from '@/lib/site'

const LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' }
// Narrow screens get short labels so the header keeps one line.
const SHORT: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'EN', 'ja-JP': '日本語' }

/** Shown only where the host rule allows it (international and development hosts). */
export function LanguageSwitcher() {
  const t = useTranslations('header')
  const edition = useEdition()
  const current = useLocale() as Locale
  const pathname = usePathname()
  if (!edition?.showLanguageSwitcher) return null
  const path = stripLocale(pathname)
  const remember = (locale: Locale) => {
    try {
      window.localStorage.setItem('preferredLanguage', locale)
    } catch {
      // Preference is optional.
    }
  }
  return (
    <nav aria-label={t('language')} data-testid="language-switcher" className="flex items-center rounded-lg border border-border bg-surface p-0.5 text-xs">
      {locales.map((locale) => (
        <a
          key={locale}
          href={localizedPath(locale, path, edition.defaultLocale)}
          hrefLang={locale}
          lang={locale}
          aria-label={LABELS[locale]}
          onClick={() => remember(locale)}
          aria-current={locale === current ? 'true' : undefined}
          className={
            locale === current
              ? 'rounded-md bg-brand-subtle px-2 py-1 font-medium whitespace-nowrap text-brand sm:px-2.5'
              : 'rounded-md px-2 py-1 whitespace-nowrap text-muted hover:text-fg sm:px-2.5'
          }
        >
          <span className="sm:hidden">{SHORT[locale]}</span>
          <span className="hidden sm:inline">{LABELS[locale]}</span>
        </a>
      ))}
    </nav>
  )
}
