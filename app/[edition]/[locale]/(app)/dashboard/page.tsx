import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { DashboardShell } from '@/components/dashboard/dashboard-shell'
import { requireUser } from '@/lib/auth/guards'
import { toPublicUser } from '@/lib/auth/public-user'
import { features } from '@/lib/features'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'dashboard' })
  return { title: t('pageTitle'), robots: { index: false, follow: false } }
}

export default async function DashboardPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  const user = await requireUser(locale)
  return <DashboardShell user={toPublicUser(user)} features={features()} />
}
