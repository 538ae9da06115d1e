'use client'

import { useTranslations } from 'next-intl'
import { useSyncExternalStore } from 'react'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorText } from '@/lib/client/api'
import { MAX_QUERIES, usePaymentStatus, type PaymentReturn } from '@/lib/client/use-payment-status'
import { PaymentResultCard, ResultLinks } from './payment-result-card'

const readSearch = () => window.location.search
const subscribe = () => () => {}

/** /payment-success?id=…&type=SUCCESS_URL: checks the card payment's status before saying it worked. */
export function PaymentSuccessView() {
  const search = useSyncExternalStore(subscribe, readSearch, () => null)
  if (search === null) return <PaymentResultCard tone="pending" title="" />
  const params = new URLSearchParams(search)
  const id = params.get('id')
  return id && params.get('type') === 'SUCCESS_URL' ? <CardStatus ret={{ kind: 'card', id, isFailure: false }} /> : <MissingParameters />
}

function MissingParameters() {
  const t = useTranslations('payments.successPage')
  const te = useTranslations('errors')
  return (
    <PaymentResultCard tone="danger" title={t('failedTitle')} testId="payment-missing" actions={<LocalizedLink href="/" className={buttonClasses({ variant: 'secondary' })}>{t('home')}</LocalizedLink>}>
      <p role="alert">{te('paymentParamsMissing')}</p>
    </PaymentResultCard>
  )
}

function CardStatus({ ret }: { ret: PaymentReturn & { kind: 'card' } }) {
  const t = useTranslations('payments.successPage')
  const tp = useTranslations('payments')
  const tr = useTranslations('payments.result')
  const { state, requery, canRequery } = usePaymentStatus(ret)
  const actions = <ResultLinks main={{ href: '/dashboard', label: t('dashboard') }} other={{ href: '/', label: t('home') }} />
  if (state.phase === 'checking') {
    return (
      <PaymentResultCard tone="pending" title={t('checkingTitle')}>
        <p className="flex items-center justify-center gap-2" role="status">
          <Spinner className="size-4" />
          {state.attempt === 1 ? t('checking') : tr('retrying', { attempt: state.attempt, max: MAX_QUERIES })}
        </p>
      </PaymentResultCard>
    )
  }
  if (state.phase === 'success') {
    return (
      <PaymentResultCard tone="success" title={t('title')} actions={actions} testId="payment-success">
        <p>{t('body')}</p>
        <p className="font-mono text-xs text-subtle">{t('paymentId', { id: ret.id })}</p>
      </PaymentResultCard>
    )
  }
  const detail = state.phase === 'failed' ? (state.reason === 'error' ? errorText(state.error, tp('statusAbnormal', { status: '—' })) : state.reason === 'order' ? tp('orderAbnormal') : tp('statusAbnormal', { status: state.status })) : ''
  return (
    <PaymentResultCard
      tone="danger"
      title={t('failedTitle')}
      testId="payment-failed"
      actions={
        <>
          {canRequery && <Button onClick={requery}>{tr('requery')}</Button>}
          {actions}
        </>
      }
    >
      <p>{tr('failedBody')}</p>
      <p role="alert">{detail}</p>
    </PaymentResultCard>
  )
}
