import { ForgotPasswordForm } from '@/components/auth/forgot-password-form'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('forgotPassword', '/forgot-password', { isIndexable: false })

export default async function ForgotPasswordPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <ForgotPasswordForm />
}
