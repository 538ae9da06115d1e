import { RegisterForm } from '@/components/auth/register-form'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('register', '/register', { isIndexable: false })

export default async function RegisterPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <RegisterForm />
}
