'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { buttonClasses } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { LocalizedLink } from '@/components/layout/localized-link'
import { getProfile } from '@/lib/client/accounts'
import { errorText, isApiError } from '@/lib/client/api'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'
import type { PublicUser } from '@/lib/accounts/contract'
import { AuthCard } from './auth-card'

type State = { status: 'loading' } | { status: 'success'; user: PublicUser } | { status: 'failed'; message: string }

// Wait 1 s for the session cookie, then 2 s more; go to / 2 s after the welcome (docs/product.md, Pages).
const WAITS_MS = [1000, 2000]
const LEAVE_AFTER_MS = 2000
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** /auth/callback: confirms the session the Google redirect left behind, welcomes, and moves on. */
export function CallbackView() {
  const t = useTranslations('auth.callback')
  const ta = useTranslations('auth')
  const te = useTranslations('errors')
  const localized = useLocalizedPath()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let isActive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = async () => {
      // The server names what went wrong: Google is not offered on this host, or the provider failed.
      const providerError = new URLSearchParams(window.location.search).get('error')
      if (providerError !== null) return setState({ status: 'failed', message: providerError === 'unavailable' ? te('googleUnavailable') : t('providerError') })
      for (const ms of WAITS_MS) {
        await wait(ms)
        if (!isActive) return
        try {
          const user = await getProfile()
          if (!isActive) return
          storeUser(user)
          setState({ status: 'success', user })
          // "/" sends a signed-in visitor on to the dashboard (proxy.ts): go there directly, with a full load.
          timer = setTimeout(() => window.location.assign(localized('/dashboard')), LEAVE_AFTER_MS)
          return
        } catch (error) {
          // Only a missing session is worth waiting for; anything else is reported at once.
          if (!isApiError(error, 'unauthorized')) return setState({ status: 'failed', message: errorText(error, t('profileFailed')) })
        }
      }
      if (isActive) setState({ status: 'failed', message: t('noSession') })
    }
    void run()
    return () => {
      isActive = false
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (state.status === 'loading') {
    return (
      <AuthCard title={t('loading')} className="max-w-md text-center">
        <div className="flex justify-center py-6" data-testid="callback-loading">
          <Spinner className="size-8 text-brand" />
        </div>
      </AuthCard>
    )
  }
  if (state.status === 'success') {
    return (
      <AuthCard title={t('successTitle')} className="max-w-md text-center">
        <div className="space-y-5" data-testid="callback-success">
          <p className="text-base text-fg">
            {t('welcome', { name: state.user.name })}
            {state.user.admin && <span className="ml-1 text-brand">{t('adminMark')}</span>}
          </p>
          <p className="text-sm text-muted">{t('redirecting')}</p>
          <LocalizedLink href="/" className={buttonClasses({ className: 'w-full' })}>
            {t('enterApp')}
          </LocalizedLink>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('failedTitle')} className="max-w-md text-center">
      <div className="space-y-5" data-testid="callback-failed">
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <LocalizedLink href="/login" className={buttonClasses({ className: 'flex-1' })}>
            {t('retry')}
          </LocalizedLink>
          <LocalizedLink href="/" className={buttonClasses({ variant: 'secondary', className: 'flex-1' })}>
            {ta('backHome')}
          </LocalizedLink>
        </div>
      </div>
    </AuthCard>
  )
}
