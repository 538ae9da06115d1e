'use client'

import { useTranslations } from 'next-intl'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { AuthCard, AuthFooterLink } from './auth-card'
import { EmailLoginForm } from './email-login-form'
import { GoogleLoginPanel } from './google-login-panel'
import { useWechatReturn } from './use-wechat-return'
import { WechatPanel } from './wechat-panel'

type Props = { hasGoogle: boolean; hasWechat: boolean }

/**
 * /login: the email tab, a Google tab on the international host, and the WeChat QR panel beside
 * them on the other hosts (each only when the server has it configured; decided on the server).
 */
export function LoginView({ hasGoogle, hasWechat }: Props) {
  const t = useTranslations('auth.login')
  const localized = useLocalizedPath()
  const wechat = useWechatReturn()

  const footer = (
    <AuthFooterLink lead={t('noAccount')} href="/register" testId="login-register-link">
      {t('register')}
    </AuthFooterLink>
  )

  return (
    <div className={hasWechat ? 'grid w-full max-w-4xl gap-6 md:grid-cols-[minmax(0,1fr)_auto]' : 'w-full max-w-md'}>
      <AuthCard title={t('title')} subtitle={t('subtitle')} footer={footer}>
        {wechat.status === 'failed' && wechat.error && (
          <Alert tone="danger" className="mb-4 py-2.5">
            {wechat.error}
          </Alert>
        )}
        {hasGoogle ? (
          <Tabs defaultValue="email">
            <TabsList aria-label={t('methods')}>
              <TabsTrigger value="email" data-testid="tab-email">
                {t('tabEmail')}
              </TabsTrigger>
              <TabsTrigger value="google" data-testid="tab-google">
                {t('tabGoogle')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="email">
              <EmailLoginForm />
            </TabsContent>
            <TabsContent value="google">
              <GoogleLoginPanel />
            </TabsContent>
          </Tabs>
        ) : (
          <EmailLoginForm />
        )}
        <p className="mt-5 text-center text-xs leading-5 text-subtle">{t('agree')}</p>
      </AuthCard>
      {hasWechat && (
        <div className="rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          {wechat.status === 'signing-in' || wechat.status === 'done' ? (
            <div className="flex h-full min-h-[360px] w-[280px] items-center justify-center" data-testid="wechat-signing-in">
              <Spinner label={wechat.status === 'done' ? t('wechatSuccess') : t('wechatSigningIn')} />
            </div>
          ) : (
            <WechatPanel returnPath={localized('/login')} />
          )}
        </div>
      )}
    </div>
  )
}
