'use client'

import { useStoredUser } from '@/lib/client/user-store'
import { LocalizedLink } from './localized-link'

type Props = { className: string; signIn: string; dashboard: string }

/** The header's client island: which of the two links to show depends on this device's stored user. */
export function AuthLinkSwitch({ className, signIn, dashboard }: Props) {
  const user = useStoredUser()
  return user ? (
    <LocalizedLink href="/dashboard" className={className} data-testid="header-dashboard">
      {dashboard}
    </LocalizedLink>
  ) : (
    <LocalizedLink href="/login" className={className} data-testid="header-sign-in">
      {signIn}
    </LocalizedLink>
  )
}
