import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { env } from '@/lib/env'
import { readDevMailbox } from '@/lib/mail/dev-mailbox'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

// Always read the mailbox fresh; never prerendered.
export const dynamic = 'force-dynamic'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'metadata.devMailbox' })
  return { title: t('title'), description: t('description') }
})

/** Development only: the mail that would have been sent without an SMTP server (404 in production). */
export default async function DevMailboxPage({ params }: LocaleParams) {
  await pageLocale(params)
  if (env().NODE_ENV === 'production') notFound()
  const t = await getTranslations('auth.devMailbox')
  const mails = await readDevMailbox({ limit: 50 })
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      </div>
      {mails.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ol className="space-y-4" data-testid="dev-mailbox">
          {mails.map((mail, i) => (
            <li key={`${mail.at}-${i}`}>
              <Card className="p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-subtle">
                  <span>
                    {t('to')}: <span className="text-fg">{mail.to}</span>
                  </span>
                  <time dateTime={mail.at} className="tabular">
                    {mail.at.replace('T', ' ').slice(0, 19)}
                  </time>
                </div>
                <p className="mt-2 font-medium text-fg">{mail.subject}</p>
                <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-muted">{mail.text}</pre>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </main>
  )
}
