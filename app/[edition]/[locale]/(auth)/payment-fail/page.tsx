import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { PaymentFailView } from '@/components/payments/payment-fail-view'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'payments.failPage' })
  return { title: `${t('title')} – Subtitle Studio`, robots: { index: false, follow: false } }
}

// /payment-fail?id=… – the card checkout's failure return (public)
export default async function PaymentFailPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentFailView />
}
