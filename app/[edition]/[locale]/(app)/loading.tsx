import { getTranslations } from 'next-intl/server'
import { LoadingArea } from '@/components/ui/spinner'

/** The login guard's spinner while the session is checked on the server. */
export default async function AppLoading() {
  const t = await getTranslations('common')
  return <LoadingArea label={t('loading')} className="min-h-screen bg-bg" spinnerClassName="size-6" testId="auth-guard-loading" />
}
