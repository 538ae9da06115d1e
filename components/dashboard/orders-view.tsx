'use client'

import { useLocale, useTranslations } from 'next-intl'
import { useState } from 'react'
import { LocalizedLink } from '@/components/layout/localized-link'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Pagination } from '@/components/ui/pagination'
import { HeadRow, SkeletonRows, Table, TBody, TD, TR } from '@/components/ui/table'
import { errorText } from '@/lib/client/api'
import { formatPrice } from '@/lib/i18n/format-price'
import { useOrderPage, type OrderItem } from '@/lib/client/orders'
import { BalanceLayout } from './balance-layout'
import { SECTION_PATHS } from '@/components/layout/dashboard-sections'
import { useDateTime } from '@/lib/client/use-date-time'
import { RetryAlert } from '@/components/ui/load-states'

const STATUS_TONE: Record<number, 'warning' | 'success'> = { 1: 'warning', 2: 'success' }

/** My orders: the buyer's orders newest first, 10 a page, with error and retry. */
export function OrdersView({ canPurchase }: { canPurchase: boolean }) {
  const t = useTranslations('payments.orders')
  const td = useTranslations('dashboard')
  const ta = useTranslations('tasks')
  const locale = useLocale()
  const [page, setPage] = useState(1)
  // The "empty data" case: an answer without its page object.
  const orders = useOrderPage(page, t('emptyData'))
  const data = orders.data
  const dateTime = useDateTime()
  const statusText = (order: OrderItem) => (order.status === 1 ? t('status1') : order.status === 2 ? t('status2') : t('statusUnknown'))

  return (
    <BalanceLayout>
      <section className="min-w-0 space-y-5" data-testid="orders-view">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-fg">{td('menu.orders')}</h2>
            {data && data.totalCount > 0 && <p className="text-sm text-muted">{t('total', { count: data.totalCount })}</p>}
          </div>
          {canPurchase && (
            <Button variant="secondary" asChild>
              <LocalizedLink href={SECTION_PATHS.points}>{t('buyPoints')}</LocalizedLink>
            </Button>
          )}
        </div>
        {orders.isError && !data ? (
          <RetryAlert onRetry={orders.refetch} isRetrying={orders.isFetching}>
            {orders.error instanceof Error && orders.error.message === t('emptyData') ? t('emptyData') : errorText(orders.error, t('loadFailed'))}
          </RetryAlert>
        ) : data && data.totalCount === 0 ? (
          <EmptyState
            icon={
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />
              </svg>
            }
            title={td('orders.title')}
            body={td('orders.body')}
            action={
              canPurchase ? (
                <Button asChild>
                  <LocalizedLink href={SECTION_PATHS.points}>{t('buyPoints')}</LocalizedLink>
                </Button>
              ) : undefined
            }
            className="bg-surface"
          />
        ) : (
          <>
            <Table aria-busy={orders.isFetching || undefined}>
              <HeadRow columns={[t('orderId'), t('product'), { label: t('amount'), className: 'text-right' }, t('channel'), t('status'), t('time')]} />
              <TBody>
                {!data
                  ? <SkeletonRows rows={4} columns={6} height="h-6" />
                  : data.list.map((order) => (
                      <TR key={order.orderId} data-testid="order-row" data-status={order.status}>
                        <TD className="font-mono text-xs text-muted" title={order.orderId}>
                          {order.orderId.slice(0, 12)}…
                        </TD>
                        <TD className="font-medium text-fg">{order.productName}</TD>
                        <TD className="tabular text-right" data-testid="order-price">
                          {formatPrice(order.price, order.channel === 1 ? 'CNY' : 'USD', locale)}
                        </TD>
                        <TD>{order.channel === 1 ? t('channel1') : order.channel === 2 ? t('channel2') : t('statusUnknown')}</TD>
                        <TD>
                          <Badge tone={STATUS_TONE[order.status] ?? 'neutral'}>{statusText(order)}</Badge>
                        </TD>
                        <TD className="tabular whitespace-nowrap text-muted">{dateTime(order.createTime, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}</TD>
                      </TR>
                    ))}
              </TBody>
            </Table>
            {data && (
              <Pagination
                page={data.pageNum}
                totalPages={data.totalPages}
                onPageChange={setPage}
                isDisabled={orders.isFetching}
                labels={{ previous: ta('pagination.previous'), next: ta('pagination.next'), status: ta('pagination.status', { page: data.pageNum, total: data.totalPages }) }}
              />
            )}
          </>
        )}
      </section>
    </BalanceLayout>
  )
}
