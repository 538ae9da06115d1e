import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import type { PublicUser } from '@/lib/accounts/contract'
import type { Features } from '@/lib/features'
import { AdminOnlyNotice } from '@/components/layout/admin-only-notice'
import { Alert } from '@/components/ui/alert'
import { DashboardHeader } from './dashboard-header'
import { PaymentReturn } from '@/components/payments/payment-return'
import { SideMenu } from './side-menu'

type Props = { user: PublicUser; features: Features; children: ReactNode }

/**
 * The frame every dashboard page shares (its route layout): fixed side menu, header with the
 * profile menu, the sandbox notice, and what a payment return or the manager guard left in the
 * address. The page's own view renders inside.
 */
export function DashboardShell({ user, features, children }: Props) {
  const t = useTranslations('dashboard')
  return (
    <div className="min-h-screen bg-bg lg:pl-60">
      <SideMenu isManager={user.admin} canPurchase={features.pointsPurchase} />
      <div className="flex min-h-screen flex-col">
        <DashboardHeader user={user} />
        <main className="flex-1 px-4 py-6 sm:px-8">
          {features.isSandbox && (
            <Alert tone="info" className="mb-6">
              {t('sandboxNotice')}
            </Alert>
          )}
          {children}
        </main>
      </div>
      <PaymentReturn />
      <AdminOnlyNotice message={t('adminOnly')} />
    </div>
  )
}
