import { getTranslations } from 'next-intl/server'
import { redirect } from 'next/navigation'
import { legacySection, SECTION_PATHS } from '@/components/layout/dashboard-sections'
import { TasksView } from '@/components/dashboard/tasks-view'
import { localized, requireUser } from '@/lib/auth/guards'
import { features } from '@/lib/features'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'dashboard' })
  return { title: t('pageTitle') }
})

/** /dashboard: the task list. An old `?view=…` address goes to that view's own page. */
export default async function DashboardPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params)
  const { view, ...rest } = await searchParams
  if (view !== undefined) {
    const section = legacySection(typeof view === 'string' ? view : undefined) ?? 'tasks'
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(rest)) for (const item of [value ?? []].flat()) query.append(key, item)
    const qs = query.toString()
    redirect(`${await localized(locale, SECTION_PATHS[section])}${qs ? `?${qs}` : ''}`)
  }
  await requireUser(locale)
  return <TasksView features={features()} />
}
