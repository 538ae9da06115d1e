'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { signInWithWechat } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'

export type WechatReturn = 'none' | 'signing-in' | 'done' | 'failed'

// After a WeChat sign-in the home page opens after one second (docs/product.md, Pages).
const REDIRECT_DELAY_MS = 1000

/**
 * Consumes WeChat's redirect back to /login (?code=&state=): removes both from the address at
 * once, then exchanges the code on the server.
 */
export function useWechatReturn(): { status: WechatReturn; error: string | null } {
  const t = useTranslations('auth.login')
  const localized = useLocalizedPath()
  const [status, setStatus] = useState<WechatReturn>('none')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const url = new URL(window.location.href)
    const code = url.searchParams.get('code')
    const state = url.searchParams.get('state')
    if (!code && !state) return
    url.searchParams.delete('code')
    url.searchParams.delete('state')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
    // Declined in WeChat: there is a state but no code; the panel simply shows a new QR code.
    if (!code) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStatus('signing-in')
    signInWithWechat(code, state ?? '')
      .then((user) => {
        storeUser(user)
        setStatus('done')
        toast.success(t('wechatSuccess'))
        // "/" sends a signed-in visitor on to the dashboard (proxy.ts): go there directly, with a full load.
        timer = setTimeout(() => window.location.assign(localized('/dashboard')), REDIRECT_DELAY_MS)
      })
      .catch((failure: unknown) => {
        setError(errorText(failure, t('wechatFailed')))
        setStatus('failed')
      })
    return () => clearTimeout(timer)
    // Runs once per page load: the address is read only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return { status, error }
}
