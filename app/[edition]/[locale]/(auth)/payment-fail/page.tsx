import { PaymentFailView } from '@/components/payments/payment-fail-view'
import { paymentPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = paymentPageMetadata('failPage')

// /payment-fail?id=… – the card checkout's failure return (public)
export default async function PaymentFailPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentFailView />
}
