'use client'

import { useTranslations } from 'next-intl'
import { LocalizedLink } from '@/components/layout/localized-link'
import { Button, buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { BalanceLayout } from './balance-layout'
import type { DashboardView } from './side-menu'

/**
 * "Buy points" until payments land: an honest note that purchasing is on its way, the current
 * balance, and where to go meanwhile (translations, or contact for more points).
 */
export function PurchaseView({ onNavigate }: { onNavigate: (view: DashboardView) => void }) {
  const t = useTranslations('dashboard')
  return (
    <BalanceLayout>
      <EmptyState
        icon={
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <rect x="3" y="6" width="18" height="13" rx="2" />
            <path d="M3 10h18M7 15h4" />
          </svg>
        }
        title={t('purchase.title')}
        body={t('purchase.body')}
        action={
          <>
            <Button onClick={() => onNavigate('tasks')}>{t('backToTasks')}</Button>
            <LocalizedLink href="/contact" className={buttonClasses({ variant: 'secondary' })}>
              {t('purchase.contact')}
            </LocalizedLink>
          </>
        }
        className="bg-surface"
      />
    </BalanceLayout>
  )
}
