'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { POINT_RATES, pointsToMinutes } from '@/lib/client/task-helpers'
import { usePoints } from '@/lib/client/points'
import { useHydrated } from '@/lib/client/use-hydrated'

/**
 * The points balance with what it is worth in minutes; skeleton while loading, retry on error.
 * The page streams in after the layout, whose profile menu asks for the same balance: by the time
 * this card hydrates the answer may be cached, so it keeps the server's skeleton for its first
 * render either way, then shows the balance.
 */
export function BalanceCard() {
  const t = useTranslations('dashboard.balance')
  const tc = useTranslations('common')
  const points = usePoints()
  const isHydrated = useHydrated()
  return (
    <Card className="p-5" data-testid="balance-card">
      <p className="text-sm text-muted">{t('label')}</p>
      {points.isPending || !isHydrated ? (
        <div role="status" aria-label={tc('loading')} className="mt-2 space-y-2">
          <Skeleton className="h-8 w-36" />
          <Skeleton className="h-4 w-48" />
        </div>
      ) : points.isError ? (
        <div className="mt-2 space-y-3">
          <p role="alert" className="text-sm text-danger">
            {t('error')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => points.refetch()} isLoading={points.isFetching}>
            {tc('retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="tabular mt-1 text-3xl font-semibold tracking-tight text-fg" data-testid="balance-points">
            {t('points', { points: points.data })}
          </p>
          <p className="tabular mt-1 text-sm text-muted">{t('minutes', { minutes: pointsToMinutes(points.data) })}</p>
        </>
      )}
      <p className="mt-4 border-t border-border pt-3 text-xs text-subtle" data-testid="balance-rate">
        {t('rate', POINT_RATES)}
      </p>
    </Card>
  )
}
