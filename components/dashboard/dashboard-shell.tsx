'use client'

import { useTranslations } from 'next-intl'
import { useRouter, useSearchParams, usePathname } from 'next/navigation'
import { toast } from 'sonner'
import type { PublicUser } from '@/lib/auth/public-user'
import type { Features } from '@/lib/features'
import { Alert } from '@/components/ui/alert'
import { SideMenu, type DashboardView } from './side-menu'
import { DashboardHeader } from './dashboard-header'
import { TasksView } from './tasks-view'
import { OrdersView } from './orders-view'
import { PurchaseView } from './purchase-view'
import { UsersView } from '@/components/admin/users-view'

const VIEWS: DashboardView[] = ['tasks', 'purchase', 'orders', 'users']

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
          {view === 'purchase' && <PurchaseView onNavigate={select} />}
          {view === 'orders' && <OrdersView onNavigate={select} />}
          {view === 'users' && <UsersView currentUserId={user.id} />}
        </main>
      </div>
    </div>
  )
}
