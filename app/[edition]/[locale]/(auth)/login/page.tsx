import { headers } from 'next/headers'
import { LoginView } from '@/components/auth/login-view'
import { isGoogleConfigured } from '@/lib/oauth/google'
import { wechatSettings } from '@/lib/oauth/wechat'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'
import { requestHost, resolveEdition } from '@/lib/site'

// The sign-in methods depend on the host and on run-time settings, so the page is rendered per request
// (deciding on the server also keeps the form from being rebuilt, and emptied, after hydration).
export const dynamic = 'force-dynamic'

export const generateMetadata = staticPageMetadata('login', '/login', { isIndexable: false })

export default async function LoginPage({ params }: LocaleParams) {
  await pageLocale(params)
  const h = await headers()
  const edition = resolveEdition(requestHost(h))
  return <LoginView hasGoogle={edition.googleLogin && isGoogleConfigured()} hasWechat={edition.wechatLogin && wechatSettings() !== null} />
}
