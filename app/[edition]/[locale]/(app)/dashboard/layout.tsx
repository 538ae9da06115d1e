import type { ReactNode } from 'react'
import { DashboardShell } from '@/components/dashboard/dashboard-shell'
import { requireUser } from '@/lib/auth/guards'
import { toPublicUser } from '@/lib/auth/public-user'
import { features } from '@/lib/features'
import { pageLocale } from '@/lib/seo/page-params'

/** Every /dashboard page: side menu, header and payment-return dialogs stay put between views. */
export default async function DashboardLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params)
  const user = await requireUser(locale)
  return (
    <DashboardShell user={toPublicUser(user)} features={features()}>
      {children}
    </DashboardShell>
  )
}
