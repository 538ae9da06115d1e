import { getTranslations } from 'next-intl/server'
import { CallbackView } from '@/components/auth/callback-view'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'metadata.authCallback' })
  return { title: t('title'), description: t('description') }
})

export default async function AuthCallbackPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <CallbackView />
}
