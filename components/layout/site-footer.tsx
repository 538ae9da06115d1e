import { getTranslations } from 'next-intl/server'
import type { EditionView } from '@/lib/site'
import { BrandMark, BrandName } from './brand'
import { LicenceLine } from './licence-line'
import { LocalizedLink } from './localized-link'

export async function SiteFooter({ edition }: { edition?: EditionView }) {
  const t = await getTranslations('footer')
  const links = [
    { href: '/about', label: t('about') },
    { href: '/contact', label: t('contact') },
    { href: '/terms', label: t('terms') },
    { href: '/privacy', label: t('privacy') },
  ]
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col justify-between gap-6 sm:flex-row sm:items-start">
          <div className="max-w-xs space-y-2">
            <div className="flex items-center gap-2.5">
              <BrandMark className="size-6" />
              <BrandName />
            </div>
            <p className="text-sm text-muted">{t('tagline')}</p>
          </div>
          <nav aria-label={t('legal')} data-testid="footer-links" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
            {links.map((link) => (
              <LocalizedLink key={link.href} href={link.href} className="hover:text-fg">
                {link.label}
              </LocalizedLink>
            ))}
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-subtle">{t('rights', { year: new Date().getFullYear() })}</p>
          <LicenceLine edition={edition} />
        </div>
      </div>
    </footer>
  )
}
