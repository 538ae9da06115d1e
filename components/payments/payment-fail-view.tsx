'use client'

import { useTranslations } from 'next-intl'
import { useSyncExternalStore } from 'react'
import { PaymentResultCard, ResultLinks } from './payment-result-card'

const readId = () => new URLSearchParams(window.location.search).get('id')
const subscribe = () => () => {}

/** /payment-fail?id=…: the payment did not go through; pay again (/assets) or go home. */
export function PaymentFailView() {
  const t = useTranslations('payments.failPage')
  const id = useSyncExternalStore(subscribe, readId, () => null)
  return (
    <PaymentResultCard
      tone="danger"
      title={t('title')}
      testId="payment-fail"
      actions={<ResultLinks main={{ href: '/assets', label: t('payAgain') }} other={{ href: '/', label: t('home') }} />}
    >
      <p>{t('body')}</p>
      {id && <p className="font-mono text-xs text-subtle" data-testid="payment-fail-id">{t('paymentId', { id })}</p>}
    </PaymentResultCard>
  )
}
