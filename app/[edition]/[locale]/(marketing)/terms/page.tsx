import { LegalDocument } from '@/components/marketing/legal-document'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('terms', '/terms')

export default async function TermsPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LegalDocument document="terms" />
}
