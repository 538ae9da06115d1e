import { getTranslations } from 'next-intl/server'
import { Spinner } from '@/components/ui/spinner'

/** Between views the menu and header stay; only the view's area waits for its page. */
export default async function DashboardLoading() {
  const t = await getTranslations('common')
  return (
    <div className="flex min-h-64 items-center justify-center" data-testid="dashboard-loading">
      <Spinner className="size-5 text-brand" label={t('loading')} />
    </div>
  )
}
