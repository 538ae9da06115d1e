import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.forgotPassword' })
  return pageMetadata({ locale, path: '/forgot-password', title: t('title'), description: t('description'), isIndexable: false })
}

export default async function ForgotPasswordPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <ForgotPasswordForm />
}
