import { PaymentSuccessView } from '@/components/payments/payment-success-view'
import { paymentPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = paymentPageMetadata('successPage')

// /payment-success?id=…&type=SUCCESS_URL – the card checkout's success return (public)
export default async function PaymentSuccessPage({ params }: LocaleParams) {
  await pageLocale(params)
  return <PaymentSuccessView />
}
