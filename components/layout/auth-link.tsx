'use client'

import { useTranslations } from 'next-intl'
import { useStoredUser } from '@/lib/client/user-store'
import { buttonClasses } from '@/components/ui/button'
import { LocalizedLink } from './localized-link'

/** "Sign in", or "Dashboard" once a user is stored on this device. */
export function AuthLink() {
  const t = useTranslations('header')
  const user = useStoredUser()
  return user ? (
    <LocalizedLink href="/dashboard" className={buttonClasses({ size: 'sm' })} data-testid="header-dashboard">
      {t('dashboard')}
    </LocalizedLink>
  ) : (
    <LocalizedLink href="/login" className={buttonClasses({ size: 'sm' })} data-testid="header-sign-in">
      {t('signIn')}
    </LocalizedLink>
  )
}
