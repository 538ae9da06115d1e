'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useFormatter, useTranslations } from 'next-intl'
import { useState, type ReactNode } from 'react'
import { UserAvatar } from '@/components/accounts/user-avatar'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Dialog } from '@/components/ui/dialog'
import { Skeleton, SkeletonCard } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { MAX_DETAIL_ENTRIES } from '@/lib/accounts/schemas'
import { invalidateUserDetail, invalidateUsers, useUserDetail } from '@/lib/client/admin-users'
import { invalidatePoints } from '@/lib/client/points'
import { pointsToMinutes } from '@/lib/client/task-helpers'
import type { PublicUser } from '@/lib/accounts/contract'
import { AdjustPointsForm } from './adjust-points-form'
import { EditUserForm } from './edit-user-form'
import { EntriesTable, LotsTable, OrdersTable } from './user-points-tables'
import { useDateTime } from '@/lib/client/use-date-time'
import { RetryAlert } from '@/components/ui/load-states'

/** Ledger entries shown first, and how many more each "show more" adds. */
const ENTRY_STEP = 20
const LONG_DATE = { year: 'numeric', month: 'long', day: 'numeric' } as const

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className ?? 'p-5'}>
      <h3 className="mb-4 text-sm font-semibold text-fg">{title}</h3>
      {children}
    </Card>
  )
}

function DetailSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-6" data-testid="user-detail-loading">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <SkeletonCard lines={['h-4 w-24', 'h-9 w-40', 'h-10 w-full']} />
          <SkeletonCard lines={['h-4 w-24', 'h-10 w-full', 'h-10 w-full']} />
        </div>
        <SkeletonCard lines={['h-4 w-24', 'h-10 w-full', 'h-10 w-full', 'h-10 w-full', 'h-10 w-full']} />
      </div>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-48 w-full" />
      <Spinner label={label} className="size-4" />
    </div>
  )
}

/**
 * A manager's view of one user: balance, name and role, a grant-or-deduct form, and the point lots,
 * orders and ledger entries behind the balance. Every change reloads the detail from the server.
 */
export function UserDetailDialog({ user, currentUserId, onClose }: { user: PublicUser | null; currentUserId: string; onClose: () => void }) {
  const t = useTranslations('admin')
  const tc = useTranslations('common')
  const format = useFormatter()
  const dateTime = useDateTime()
  const queryClient = useQueryClient()
  const [entryLimit, setEntryLimit] = useState(ENTRY_STEP)
  const id = user?.id ?? ''
  const detail = useUserDetail(user ? id : null, entryLimit)
  const data = detail.data
  const shown = data?.user ?? user
  const isSelf = user?.id === currentUserId

  const refresh = () => {
    void invalidateUserDetail(queryClient, id)
    if (isSelf) void invalidatePoints(queryClient)
  }
  const close = () => {
    setEntryLimit(ENTRY_STEP)
    onClose()
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      className="max-w-5xl"
      title={
        <span className="flex items-center gap-3">
          {shown && <UserAvatar name={shown.name} src={shown.pic} />}
          <span className="min-w-0 truncate" data-testid="user-detail-name">
            {shown?.name}
          </span>
          {shown && (shown.admin ? <Badge tone="brand">{t('roleAdmin')}</Badge> : <Badge>{t('roleUser')}</Badge>)}
        </span>
      }
      description={shown && <span className="tabular">{t('detail.description', { email: shown.email || t('noEmail'), id: shown.id })}</span>}
      footer={
        <Button variant="secondary" onClick={close}>
          {tc('close')}
        </Button>
      }
    >
      <div data-testid="user-detail">
        {detail.isError && !data ? (
          <Alert
            tone="danger"
            action={
              <Button size="sm" variant="secondary" onClick={() => void detail.refetch()} isLoading={detail.isFetching}>
                {tc('retry')}
              </Button>
            }
          >
            {t('detail.loadFailed')}
          </Alert>
        ) : !data || !user ? (
          <DetailSkeleton label={t('detail.loading')} />
        ) : (
          <div className="space-y-6">
            {detail.isError && (
              <RetryAlert onRetry={detail.refetch}>{t('detail.loadFailed')}</RetryAlert>
            )}
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="flex flex-col gap-4">
                <Section title={t('detail.balance.label')}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <p className="tabular text-3xl font-semibold tracking-tight text-fg" data-testid="user-detail-balance" data-points={data.balance}>
                      {t('detail.balance.points', { points: data.balance })}
                    </p>
                    <p className="tabular text-sm text-muted">{t('detail.balance.minutes', { minutes: pointsToMinutes(data.balance) })}</p>
                  </div>
                  <p className="tabular mt-4 flex items-start gap-2 rounded-lg bg-surface-2 px-3 py-2.5 text-xs text-muted" data-testid="user-detail-expiry">
                    <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true" className="mt-px size-3.5 shrink-0">
                      <circle cx="8" cy="8" r="6.25" />
                      <path d="M8 4.75V8l2 1.5" />
                    </svg>
                    {data.nextExpiry
                      ? t('detail.balance.nextExpiry', { points: data.nextExpiry.points, date: dateTime(data.nextExpiry.expiresAt, LONG_DATE) })
                      : t('detail.balance.noExpiry')}
                  </p>
                  <p className="mt-4 border-t border-border pt-3 text-xs text-subtle">{t('detail.balance.joined', { date: dateTime(data.user.createdAt, LONG_DATE) })}</p>
                </Section>
                <Section title={t('detail.profile.title')} className="flex-1 p-5">
                  <EditUserForm
                    user={data.user}
                    isSelf={isSelf}
                    onSaved={() => {
                      refresh()
                      void invalidateUsers(queryClient)
                    }}
                  />
                </Section>
              </div>
              <Section title={t('detail.adjust.title')}>
                <AdjustPointsForm userId={data.user.id} userName={data.user.name} balance={data.balance} onAdjusted={refresh} />
              </Section>
            </div>
            <Tabs defaultValue="entries">
              <TabsList className="w-full sm:w-fit">
                <TabsTrigger value="entries" data-testid="tab-entries" className="whitespace-nowrap">
                  {t('detail.tabs.entries')} <span className="tabular ml-1 text-subtle">{format.number(data.entryCount)}</span>
                </TabsTrigger>
                <TabsTrigger value="lots" data-testid="tab-lots" className="whitespace-nowrap">
                  {t('detail.tabs.lots')} <span className="tabular ml-1 text-subtle">{format.number(data.lotCount)}</span>
                </TabsTrigger>
                <TabsTrigger value="orders" data-testid="tab-orders" className="whitespace-nowrap">
                  {t('detail.tabs.orders')} <span className="tabular ml-1 text-subtle">{format.number(data.orderCount)}</span>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="entries" className="mt-4">
                <EntriesTable entries={data.entries} total={data.entryCount} onMore={entryLimit < MAX_DETAIL_ENTRIES ? () => setEntryLimit((n) => Math.min(n + ENTRY_STEP, MAX_DETAIL_ENTRIES)) : undefined} isLoadingMore={detail.isPlaceholderData && detail.isFetching} />
              </TabsContent>
              <TabsContent value="lots" className="mt-4">
                <LotsTable lots={data.lots} total={data.lotCount} />
              </TabsContent>
              <TabsContent value="orders" className="mt-4">
                <OrdersTable orders={data.orders} total={data.orderCount} />
              </TabsContent>
            </Tabs>
          </div>
        )}
      </div>
    </Dialog>
  )
}
