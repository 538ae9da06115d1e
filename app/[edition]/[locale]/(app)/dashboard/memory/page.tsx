import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { MemoryView } from '@/components/dashboard/memory/memory-view'
import { requireUser } from '@/lib/auth/guards'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'dashboard.pageTitles' })
  return { title: t('memory'), robots: { index: false, follow: false } }
}

/** /dashboard/memory: the user's translation memory, per language pair. */
export default async function MemoryPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <MemoryView />
}
