import { getTranslations } from 'next-intl/server'
import { PaymentSuccessView } from '@/components/payments/payment-success-view'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'payments.successPage' })
  return { title: `${t('title')} – Subtitle Studio` }
})

// /payment-success?id=…&type=SUCCESS_URL – the card checkout's success return (public)
export default async function PaymentSuccessPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentSuccessView />
}
