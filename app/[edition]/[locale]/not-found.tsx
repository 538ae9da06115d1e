import { getTranslations } from 'next-intl/server'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'

export default async function NotFound() {
  const t = await getTranslations()
  return (
    <div className="flex min-h-screen flex-col">
      <title>{t('metadata.notFound.title')}</title>
      <meta name="robots" content="noindex" />
      <SiteHeader />
      <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
        <p className="tabular text-5xl font-semibold text-brand">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t('notFound.title')}</h1>
        <p className="mt-2 text-muted">{t('notFound.body')}</p>
        <LocalizedLink href="/" className={buttonClasses({ className: 'mt-8' })}>
          {t('common.backHome')}
        </LocalizedLink>
      </main>
      <SiteFooter />
    </div>
  )
}
