import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { GlossaryView } from '@/components/dashboard/glossary/glossary-view'
import { requireUser } from '@/lib/auth/guards'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'dashboard.pageTitles' })
  return { title: t('glossary'), robots: { index: false, follow: false } }
}

/** /dashboard/glossary: the user's own glossary entries. */
export default async function GlossaryPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <GlossaryView />
}
