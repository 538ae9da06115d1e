'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { BalanceLayout } from './balance-layout'
import type { DashboardView } from './side-menu'

/** "My orders" until payments land: no orders can exist yet, so an empty list that says why. */
export function OrdersView({ onNavigate }: { onNavigate: (view: DashboardView) => void }) {
  const t = useTranslations('dashboard')
  return (
    <BalanceLayout>
      <EmptyState
        icon={
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />
          </svg>
        }
        title={t('orders.title')}
        body={t('orders.body')}
        action={
          <Button variant="secondary" onClick={() => onNavigate('tasks')}>
            {t('backToTasks')}
          </Button>
        }
        className="bg-surface"
      />
    </BalanceLayout>
  )
}
