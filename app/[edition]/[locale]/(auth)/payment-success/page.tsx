import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { PaymentSuccessView } from '@/components/payments/payment-success-view'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'payments.successPage' })
  return { title: `${t('title')} – Subtitle Studio`, robots: { index: false, follow: false } }
}

// /payment-success?id=…&type=SUCCESS_URL – the card checkout's success return (public)
export default async function PaymentSuccessPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentSuccessView />
}
