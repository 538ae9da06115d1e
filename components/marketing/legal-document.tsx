import { getTranslations } from 'next-intl/server'
import { LegalPage } from './legal-page'

const SECTIONS = {
  terms: ['service', 'account', 'points', 'content', 'liability'],
  privacy: ['collect', 'use', 'retention', 'security', 'children', 'contact'],
} as const
const UPDATED = '2026-11-01'

/** The terms or the privacy policy: numbered sections from the messages of that page. */
export async function LegalDocument({ document }: { document: keyof typeof SECTIONS }) {
  const t = await getTranslations()
  return (
    <LegalPage title={t(`${document}.title`)}>
      <p className="text-sm text-subtle">{t('legal.updated', { date: UPDATED })}</p>
      <div className="mt-6 space-y-8">
        {SECTIONS[document].map((key) => (
          <section key={key}>
            <h2 className="text-lg font-semibold">{t(`${document}.sections.${key}.title` as 'terms.sections.service.title')}</h2>
            <p className="mt-2 leading-7 text-muted">{t(`${document}.sections.${key}.body` as 'terms.sections.service.body')}</p>
          </section>
        ))}
      </div>
    </LegalPage>
  )
}
