'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state'
import { HeadRow, Table, TBody, TD, TR, type Column } from '@/components/ui/table'
import type { OrderView } from '@/lib/accounts/contract'
import { formatPrice } from '@/lib/i18n/format-price'
import type { EntryView, LotView } from '@/lib/points/contract'
import { useDateTime } from '@/lib/client/use-date-time'

const DATE_TIME = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const
const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const

function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const dateTime = useDateTime()
  return (
    <time dateTime={iso} className="tabular whitespace-nowrap">
      {dateTime(iso, withTime ? DATE_TIME : DATE)}
    </time>
  )
}

/**
 * One table of a user's points, its texts under `namespace`: with no `rows`, the empty message (in
 * the table's own frame, so the tabs keep their height); else the head, a row drawn by `row` for
 * each, and under them `footer`, by default how many of `total` are shown when not all are.
 */
function PointsTable<T>({ namespace, rows, total, testId, columns, row, footer }: { namespace: 'admin.detail.entries' | 'admin.detail.lots' | 'admin.detail.orders'; rows: readonly T[]; total: number; testId: string; columns: readonly Column[]; row: (item: T) => ReactNode; footer?: ReactNode }) {
  const t = useTranslations(namespace)
  if (rows.length === 0) return <EmptyState title={t('empty')} body={t('emptyBody')} className="py-10" />
  return (
    <div>
      <Table data-testid={testId}>
        <HeadRow columns={columns} />
        <TBody>{rows.map(row)}</TBody>
      </Table>
      {footer ?? <ShownOf shown={rows.length} total={total} text={t('shown', { shown: rows.length, total })} />}
    </div>
  )
}

function Footer({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-between gap-3 pt-3 text-xs text-subtle">{children}</div>
}

/** Ledger entries, newest first, with "show more" while older ones remain. */
export function EntriesTable({ entries, total, onMore, isLoadingMore }: { entries: EntryView[]; total: number; onMore?: () => void; isLoadingMore: boolean }) {
  const t = useTranslations('admin.detail.entries')
  const tr = useTranslations('admin.detail.reasons')
  const format = useFormatter()
  return (
    <PointsTable
      namespace="admin.detail.entries"
      rows={entries}
      total={total}
      testId="ledger-table"
      columns={[t('time'), t('type'), { label: t('change'), className: 'text-right' }, { label: t('note'), className: 'w-1/2' }]}
      row={(entry) => (
        <TR key={entry.id} data-testid="ledger-row">
          <TD className="text-muted">
            <When iso={entry.createdAt} />
          </TD>
          <TD className="whitespace-nowrap">{tr.has(entry.reason as never) ? tr(entry.reason as never) : entry.reason}</TD>
          <TD className={cn('tabular text-right font-medium whitespace-nowrap', entry.delta > 0 ? 'text-success' : entry.delta < 0 ? 'text-danger' : 'text-muted')}>
            {format.number(entry.delta, { signDisplay: 'exceptZero' })}
          </TD>
          <TD className="max-w-80">
            {entry.note && <p className="break-words text-fg">{entry.note}</p>}
            {(entry.taskId || entry.orderId) && (
              <p className="truncate font-mono text-xs text-subtle">{entry.orderId ? t('order', { id: entry.orderId }) : t('task', { id: entry.taskId! })}</p>
            )}
            {!entry.note && !entry.taskId && !entry.orderId && <span className="text-subtle">—</span>}
          </TD>
        </TR>
      )}
      footer={
        <Footer>
          <span className="tabular">{t('shown', { shown: entries.length, total })}</span>
          {entries.length < total && onMore && (
            <Button variant="secondary" size="sm" onClick={onMore} isLoading={isLoadingMore} data-testid="ledger-more">
              {t('showMore')}
            </Button>
          )}
        </Footer>
      }
    />
  )
}

/** Point lots, newest first: granted, remaining, source and expiry (expired ones marked). */
export function LotsTable({ lots, total }: { lots: LotView[]; total: number }) {
  const t = useTranslations('admin.detail.lots')
  const ts = useTranslations('admin.detail.sources')
  const format = useFormatter()
  return (
    <PointsTable
      namespace="admin.detail.lots"
      rows={lots}
      total={total}
      testId="lots-table"
      columns={[t('source'), { label: t('granted'), className: 'text-right' }, { label: t('remaining'), className: 'text-right' }, t('created'), t('expires')]}
      row={(lot) => (
        <TR key={lot.id} data-testid="lot-row" className={cn(lot.isExpired && 'text-subtle')}>
          <TD className="whitespace-nowrap">{ts.has(lot.source as never) ? ts(lot.source as never) : lot.source}</TD>
          <TD className="tabular text-right">{format.number(lot.granted)}</TD>
          <TD className={cn('tabular text-right font-medium', !lot.isExpired && 'text-fg')}>{format.number(lot.remaining)}</TD>
          <TD className="text-muted">
            <When iso={lot.createdAt} />
          </TD>
          <TD>
            <span className="inline-flex items-center gap-2">
              <When iso={lot.expiresAt} withTime={false} />
              {lot.isExpired && <Badge tone="warning">{t('expired')}</Badge>}
            </span>
          </TD>
        </TR>
      )}
    />
  )
}

/** "N of M shown" under a table that lists only the newest rows; nothing when all are shown. */
function ShownOf({ shown, total, text }: { shown: number; total: number; text: string }) {
  if (shown >= total) return null
  return (
    <Footer>
      <span className="tabular">{text}</span>
    </Footer>
  )
}

function Money({ price, currency }: { price: string; currency: string }) {
  const locale = useLocale()
  return <span className="tabular whitespace-nowrap">{formatPrice(price, currency, locale)}</span>
}

/** The user's orders, newest first: pack, amount, channel and paid state. */
export function OrdersTable({ orders, total }: { orders: OrderView[]; total: number }) {
  const t = useTranslations('admin.detail.orders')
  return (
    <PointsTable
      namespace="admin.detail.orders"
      rows={orders}
      total={total}
      testId="orders-table"
      columns={[t('order'), t('product'), { label: t('amount'), className: 'text-right' }, t('channel'), t('status'), t('created')]}
      row={(order) => (
        <TR key={order.orderId} data-testid="order-row">
          <TD className="max-w-48 truncate font-mono text-xs text-muted" title={order.orderId}>
            {order.orderId}
          </TD>
          <TD className="whitespace-nowrap">{order.points === null ? `#${order.productId}` : t('points', { points: order.points })}</TD>
          <TD className="text-right">
            <Money price={order.price} currency={order.currency} />
          </TD>
          <TD className="whitespace-nowrap">{order.channel === 1 ? t('channelYuan') : t('channelDollar')}</TD>
          <TD>{order.status === 2 ? <Badge tone="success">{t('paid')}</Badge> : <Badge tone="warning">{t('unpaid')}</Badge>}</TD>
          <TD className="text-muted">
            <When iso={order.createTime} />
          </TD>
        </TR>
      )}
    />
  )
}
