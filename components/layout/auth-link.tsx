import { getTranslations } from 'next-intl/server'
import { buttonClasses } from '@/components/ui/button'
import { AuthLinkSwitch } from './auth-link-switch'

/** "Sign in", or "Dashboard" once a user is stored on this device; texts and classes made on the server. */
export async function AuthLink() {
  const t = await getTranslations('header')
  return <AuthLinkSwitch className={buttonClasses({ size: 'sm' })} signIn={t('signIn')} dashboard={t('dashboard')} />
}
