import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { LegalPage } from '@/components/marketing/legal-page'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

const SECTIONS = ['collect', 'use', 'retention', 'security', 'children', 'contact'] as const
const UPDATED = '2026-11-01'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.privacy' })
  return pageMetadata({ locale, path: '/privacy', title: t('title'), description: t('description') })
}

export default async function PrivacyPage({ params }: LocaleParams) {
  await pageLocale(params)
  const t = await getTranslations()
  return (
    <LegalPage title={t('privacy.title')}>
      <p className="text-sm text-subtle">{t('legal.updated', { date: UPDATED })}</p>
      <div className="mt-6 space-y-8">
        {SECTIONS.map((key) => (
          <section key={key}>
            <h2 className="text-lg font-semibold">{t(`privacy.sections.${key}.title`)}</h2>
            <p className="mt-2 leading-7 text-muted">{t(`privacy.sections.${key}.body`)}</p>
          </section>
        ))}
      </div>
    </LegalPage>
  )
}
