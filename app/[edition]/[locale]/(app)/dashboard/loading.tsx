import { getTranslations } from 'next-intl/server'
import { LoadingArea } from '@/components/ui/spinner'

/** Between views the menu and header stay; only the view's area waits for its page. */
export default async function DashboardLoading() {
  const t = await getTranslations('common')
  return <LoadingArea label={t('loading')} className="min-h-64" spinnerClassName="size-5" testId="dashboard-loading" />
}
