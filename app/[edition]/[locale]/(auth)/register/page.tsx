import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { RegisterForm } from '@/components/auth/register-form'
import { pageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'metadata.register' })
  return pageMetadata({ locale, path: '/register', title: t('title'), description: t('description'), isIndexable: false })
}

export default async function RegisterPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <RegisterForm />
}
