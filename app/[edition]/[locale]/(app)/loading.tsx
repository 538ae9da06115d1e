import { getTranslations } from 'next-intl/server'
import { Spinner } from '@/components/ui/spinner'

/** The login guard's spinner while the session is checked on the server. */
export default async function AppLoading() {
  const t = await getTranslations('common')
  return (
    <div className="flex min-h-screen items-center justify-center bg-bg" data-testid="auth-guard-loading">
      <Spinner className="size-6 text-brand" label={t('loading')} />
    </div>
  )
}
