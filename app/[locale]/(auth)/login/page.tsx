import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { LoginView } from '@/components/auth/login-view'
import { isGoogleConfigured } from '@/lib/oauth/google'
import { wechatSettings } from '@/lib/oauth/wechat'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

// Which sign-in methods are configured is a run-time setting, so the page is rendered per request.
export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.login' })
  return pageMetadata({ locale, path: '/login', title: t('title'), description: t('description'), isIndexable: false })
}

export default async function LoginPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LoginView isGoogleConfigured={isGoogleConfigured()} isWechatConfigured={wechatSettings() !== null} />
}
