'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorText } from '@/lib/client/api'
import { MAX_QUERIES, usePaymentStatus, type PaymentReturn } from '@/lib/client/use-payment-status'
import type { DashboardSection } from '@/components/layout/dashboard-sections'

/** A paid or failed outcome: its icon beside what it says. */
function Outcome({ tone, children }: { tone: 'success' | 'danger'; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-4" data-testid={tone === 'success' ? 'payment-success' : 'payment-failed'}>
      <span className={tone === 'success' ? 'grid size-12 place-items-center rounded-full bg-success-subtle text-success' : 'grid size-12 place-items-center rounded-full bg-danger-subtle text-danger'}>
        <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={tone === 'success' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M12 8v5M12 16.5v.01M4.5 19h15L12 5z'} />
        </svg>
      </span>
      {children}
    </div>
  )
}

/** The result dialog after a return from Alipay or the card checkout. */
export function PaymentReturnDialog({ ret, onClose, onNavigate }: { ret: PaymentReturn; onClose: () => void; onNavigate: (section: DashboardSection) => void }) {
  const t = useTranslations('payments')
  const tr = useTranslations('payments.result')
  const { state, requery, canRequery } = usePaymentStatus(ret)
  const orderRef = ret.kind === 'alipay' ? ret.outTradeNo : ret.id
  const go = (section: DashboardSection) => {
    onClose()
    onNavigate(section)
  }

  const viewOrders = (
    <Button variant="secondary" onClick={() => go('orders')}>
      {tr('viewOrders')}
    </Button>
  )
  let title: string
  let body: React.ReactNode
  let footer: React.ReactNode
  if (state.phase === 'checking') {
    title = tr('checkingTitle')
    body = (
      <div className="flex items-center gap-3 text-sm text-muted" role="status" aria-live="polite">
        <Spinner className="size-5" />
        <span data-testid="payment-checking">{state.attempt === 1 ? tr('checking') : tr('retrying', { attempt: state.attempt, max: MAX_QUERIES })}</span>
      </div>
    )
    footer = null
  } else if (state.phase === 'success') {
    title = tr('successTitle')
    body = (
      <Outcome tone="success">
        <div className="space-y-1 text-sm">
          <p className="text-fg">{tr('successBody')}</p>
          {state.balance !== null && <p className="tabular text-muted">{tr('balance', { points: state.balance })}</p>}
        </div>
      </Outcome>
    )
    footer = (
      <>
        {viewOrders}
        <Button onClick={onClose}>{tr('close')}</Button>
      </>
    )
  } else if (state.phase === 'cancelled') {
    title = tr('cardFailTitle')
    body = (
      <Outcome tone="danger">
        <p className="text-sm text-fg">{tr('cardFailBody')}</p>
      </Outcome>
    )
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {tr('close')}
        </Button>
        <Button onClick={() => go('points')}>{tr('payAgain')}</Button>
      </>
    )
  } else {
    title = tr('failedTitle')
    const detail = state.reason === 'error' ? errorText(state.error, t('statusAbnormal', { status: '—' })) : state.reason === 'order' ? t('orderAbnormal') : t('statusAbnormal', { status: state.status })
    body = (
      <Outcome tone="danger">
        <div className="space-y-2 text-sm">
          <p className="text-fg">{tr('failedBody')}</p>
          <p className="text-muted" data-testid="payment-failed-detail">
            {detail}
          </p>
        </div>
      </Outcome>
    )
    footer = (
      <>
        {viewOrders}
        {canRequery && (
          <Button onClick={requery} data-testid="payment-requery">
            {tr('requery')}
          </Button>
        )}
      </>
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={<span className="font-mono text-xs">{tr('orderId', { id: orderRef })}</span>} footer={footer} isLocked={state.phase === 'checking'}>
      {body}
    </Dialog>
  )
}
