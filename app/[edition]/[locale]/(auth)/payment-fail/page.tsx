import { getTranslations } from 'next-intl/server'
import { PaymentFailView } from '@/components/payments/payment-fail-view'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'payments.failPage' })
  return { title: `${t('title')} – Subtitle Studio` }
})

// /payment-fail?id=… – the card checkout's failure return (public)
export default async function PaymentFailPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentFailView />
}
