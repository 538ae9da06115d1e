import { LegalDocument } from '@/components/marketing/legal-document'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('privacy', '/privacy')

export default async function PrivacyPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <LegalDocument document="privacy" />
}
