import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { CallbackView } from '@/components/auth/callback-view'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.authCallback' })
  return { title: t('title'), description: t('description'), robots: { index: false, follow: false } }
}

export default async function AuthCallbackPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <CallbackView />
}
