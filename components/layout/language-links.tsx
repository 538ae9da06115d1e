'use client'

import { usePathname } from 'next/navigation'
import { useEditionView, usePageLocale } from '@/lib/client/edition-context'
import { localizedPath, pagePath } from '@/lib/i18n/paths'
import { locales } from '@/lib/i18n/routing'
import type { Locale } from '@/lib/site'

const LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' }
// Narrow screens get short labels so the header keeps one line.
const SHORT: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'EN', 'ja-JP': '日本語' }

/** The language switcher's links to the current path in each locale, as addressed on this host. */
export function LanguageLinks({ label, gated = false }: { label: string; gated?: boolean }) {
  const edition = useEditionView()
  const current = usePageLocale()
  const path = pagePath(usePathname())
  const hostDefault = edition?.defaultLocale ?? 'zh-CN'
  if (gated && !edition?.showLanguageSwitcher) return null
  const remember = (locale: Locale) => {
    try {
      window.localStorage.setItem('preferredLanguage', locale)
    } catch {
      // Preference is optional.
    }
  }
  return (
    <nav aria-label={label} data-testid="language-switcher" className="flex items-center rounded-lg border border-border bg-surface p-0.5 text-xs">
      {locales.map((locale) => (
        <a
          key={locale}
          href={localizedPath(locale, path, hostDefault)}
          hrefLang={locale}
          lang={locale}
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
