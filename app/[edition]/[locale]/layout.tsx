import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { hasLocale } from 'next-intl'
import { setRequestLocale } from 'next-intl/server'
import { EditionProvider } from '@/lib/client/edition-context'
import { routing } from '@/lib/i18n/routing'
import { EDITION_NAMES, editionView, isEditionName } from '@/lib/site'
import { loadMessages } from '@/lib/i18n/messages'
import '../../globals.css'

// Every edition (the proxy maps the host to one) and locale is its own prerendered page.
export function generateStaticParams() {
  return EDITION_NAMES.flatMap((edition) => routing.locales.map((locale) => ({ edition, locale })))
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ edition: string; locale: string }> }) {
  const { edition, locale } = await params
  if (!hasLocale(routing.locales, locale) || !isEditionName(edition)) notFound()
  setRequestLocale(locale)
  // Public pages' islands get texts as props or from this context, not the catalogue; app and sign-in
  // layouts add the i18n provider. The licence line rides along only where the edition shows it.
  const { footer } = await loadMessages(locale)
  const licence = editionView(edition).showLicenceLine ? { licence: footer.licence, icp: footer.icp } : null
  return (
    <html lang={locale}>
      <body className="min-h-screen antialiased">
        <EditionProvider name={edition} locale={locale} licence={licence}>
          {children}
        </EditionProvider>
      </body>
    </html>
  )
}
