'use client'

import { useTranslations } from 'next-intl'
import { useSelectedLayoutSegment } from 'next/navigation'
import { ProfileMenu } from '@/components/layout/profile-menu'
import type { PublicUser } from '@/lib/accounts/contract'
import { sectionOf } from '@/components/layout/dashboard-sections'

/** The dashboard's sticky header: the current view's name and the profile menu. */
export function DashboardHeader({ user }: { user: PublicUser }) {
  const t = useTranslations('dashboard.menu')
  const section = sectionOf(useSelectedLayoutSegment())
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-border bg-surface/90 px-4 backdrop-blur sm:px-8">
      <h1 className="text-lg font-semibold">{t(section)}</h1>
      <ProfileMenu user={user} />
    </header>
  )
}
