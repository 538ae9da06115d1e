'use client'

import { useTranslations } from 'next-intl'
import { useRouter, useSearchParams, usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import type { PublicUser } from '@/lib/auth/public-user'
import type { Features } from '@/lib/features'
import { Alert } from '@/components/ui/alert'
import { SideMenu, type DashboardView } from './side-menu'
import { DashboardHeader } from './dashboard-header'
import { TasksView } from './tasks-view'
import { GlossaryView } from './glossary/glossary-view'
import { OrdersView } from './orders-view'
import { PurchaseView } from './purchase-view'
import { UsersView } from '@/components/admin/users-view'
import { PaymentReturnDialog } from './payments/payment-return-dialog'
import { PAYMENT_RETURN_KEYS, readPaymentReturn, type PaymentReturn } from '@/lib/client/use-payment-status'

const VIEWS: DashboardView[] = ['tasks', 'glossary', 'purchase', 'orders', 'users']

/** The dashboard: fixed side menu, header with profile menu, and the selected view (kept in ?view=). */
export function DashboardShell({ user, features }: { user: PublicUser; features: Features }) {
  const t = useTranslations('dashboard')
  const router = useRouter()
  const pathname = usePathname()
  const params = useSearchParams()
  const requested = params.get('view') as DashboardView | null
  let view: DashboardView = requested && VIEWS.includes(requested) ? requested : 'tasks'
  if (view === 'purchase' && !features.pointsPurchase) view = 'tasks'
  if (view === 'users' && !user.admin) view = 'tasks'
  // A return from a payment provider opens the result dialog once; its query then leaves the address.
  const [paymentReturn, setPaymentReturn] = useState<PaymentReturn | null>(() => readPaymentReturn(new URLSearchParams(params)))
  useEffect(() => {
    if (!PAYMENT_RETURN_KEYS.some((key) => params.has(key))) return
    const query = new URLSearchParams(params)
    for (const key of PAYMENT_RETURN_KEYS) query.delete(key)
    const qs = query.toString()
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }, [params, pathname, router])

  const select = (next: DashboardView) => {
    if (next === 'users' && !user.admin) {
      toast.warning(t('adminOnly'))
      return
    }
    const query = new URLSearchParams(params)
    if (next === 'tasks') query.delete('view')
    else query.set('view', next)
    const qs = query.toString()
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }

  return (
    <div className="min-h-screen bg-bg lg:pl-60">
      <SideMenu current={view} onSelect={select} isManager={user.admin} canPurchase={features.pointsPurchase} />
      <div className="flex min-h-screen flex-col">
        <DashboardHeader title={t(`menu.${view}`)} user={user} />
        <main className="flex-1 px-4 py-6 sm:px-8">
          {features.isSandbox && (
            <Alert tone="info" className="mb-6">
              {t('sandboxNotice')}
            </Alert>
          )}
          {view === 'tasks' && <TasksView features={features} />}
          {view === 'glossary' && <GlossaryView />}
          {view === 'purchase' && <PurchaseView />}
          {view === 'orders' && <OrdersView onNavigate={select} canPurchase={features.pointsPurchase} />}
          {view === 'users' && <UsersView currentUserId={user.id} />}
        </main>
      </div>
      {paymentReturn && <PaymentReturnDialog ret={paymentReturn} onClose={() => setPaymentReturn(null)} onNavigate={select} />}
    </div>
  )
}
