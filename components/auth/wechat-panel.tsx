'use client'

import { useLocale, useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { WechatQrConfig } from '@/lib/accounts/contract'
import { getWechatQrConfig } from '@/lib/client/accounts'

type WxLoginOptions = { self_redirect: boolean; id: string; appid: string; scope: string; redirect_uri: string; state: string; style: string; lang?: string }
declare global {
  interface Window {
    WxLogin?: new (options: WxLoginOptions) => unknown
  }
}

const SCRIPT_URL = 'https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js'

/**
 * The QR panel's language for the page's: WeChat's panel is Chinese by default and English with
 * `lang=en`; the sandbox's also speaks Japanese (fakes/wechat.ts), WeChat's shows English there.
 */
function panelLanguage(locale: string, { isSandbox }: { isSandbox: boolean }): string | undefined {
  if (locale.startsWith('zh')) return undefined
  return locale.startsWith('ja') && isSandbox ? 'ja' : 'en'
}

/** The sandbox QR page's address in the page's language (the `lang` query goes before WeChat's `#wechat_redirect`). */
function sandboxUrl(qrconnectUrl: string, locale: string): string {
  const lang = panelLanguage(locale, { isSandbox: true })
  if (!lang) return qrconnectUrl
  const url = new URL(qrconnectUrl)
  url.searchParams.set('lang', lang)
  return url.href
}
const CONTAINER_ID = 'wechat-qr'

function loadScript(): Promise<void> {
  if (window.WxLogin) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.WxLogin ? resolve() : reject(new Error('WxLogin missing')))
    script.onerror = () => reject(new Error('script failed'))
    document.head.appendChild(script)
  })
}

/**
 * The WeChat QR panel: WeChat's embedded QR script, or the local sandbox's QR page when WeChat is
 * not configured. A fresh state (bound to a cookie by the server) is fetched every time it opens.
 */
export function WechatPanel({ returnPath }: { returnPath: string }) {
  const t = useTranslations('auth.login')
  const tc = useTranslations('common')
  const locale = useLocale()
  const [config, setConfig] = useState<WechatQrConfig | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const attempt = useRef(0)

  const load = useCallback(async () => {
    const id = ++attempt.current
    setStatus('loading')
    try {
      const next = await getWechatQrConfig(returnPath)
      if (id !== attempt.current) return
      if (!next.isSandbox) {
        await loadScript()
        const lang = panelLanguage(locale, { isSandbox: false })
        new window.WxLogin!({ self_redirect: false, id: CONTAINER_ID, appid: next.appId, scope: 'snsapi_login', redirect_uri: encodeURIComponent(next.redirectUri), state: next.state, style: 'black', ...(lang ? { lang } : {}) })
      }
      setConfig(next)
      setStatus('ready')
    } catch {
      if (id === attempt.current) setStatus('failed')
    }
  }, [locale, returnPath])

  useEffect(() => {
    // Loading starts when the panel appears, as WeChat's own widget does.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load()
  }, [load])

  return (
    <section aria-labelledby="wechat-title" className="flex flex-col items-center text-center" data-testid="wechat-panel">
      <div className="flex items-center gap-2">
        <svg className="size-5 text-[#07c160]" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M9 4C4.6 4 1 7 1 10.7c0 2.1 1.2 4 3 5.2L3.3 18l2.6-1.4c1 .3 2 .4 3.1.4h.6a5.8 5.8 0 0 1-.2-1.5c0-3.6 3.4-6.5 7.6-6.5h.6C16.9 6.2 13.3 4 9 4zm7.4 6.3c-3.6 0-6.4 2.4-6.4 5.4s2.8 5.4 6.4 5.4c.8 0 1.5-.1 2.2-.3l2 1.1-.5-1.8c1.6-1 2.7-2.6 2.7-4.4 0-3-2.9-5.4-6.4-5.4z" />
        </svg>
        <h2 id="wechat-title" className="text-base font-semibold text-fg">
          {t('wechatTitle')}
        </h2>
        {config?.isSandbox && <Badge tone="warning">{tc('sandbox')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">{t('wechatHint')}</p>
      <div className="relative mt-4 flex h-[300px] w-[280px] items-center justify-center overflow-hidden rounded-xl border border-border bg-white">
        {status === 'loading' && <Spinner label={t('wechatLoading')} />}
        {status === 'failed' && (
          <div role="alert" className="space-y-3 px-4 text-sm text-danger">
            <p>{t('wechatInitFailed')}</p>
            <Button size="sm" variant="secondary" onClick={() => void load()}>
              {t('wechatReload')}
            </Button>
          </div>
        )}
        {status === 'ready' && config?.isSandbox && (
          <iframe key={config.state} title={t('wechatTitle')} src={sandboxUrl(config.qrconnectUrl, locale)} className="h-full w-full border-0" data-testid="wechat-sandbox-frame" />
        )}
        <div id={CONTAINER_ID} className={status === 'ready' && !config?.isSandbox ? 'h-full w-full' : 'hidden'} />
      </div>
      {config?.isSandbox && <p className="mt-3 max-w-[280px] text-xs text-subtle">{t('sandboxHint')}</p>}
    </section>
  )
}
