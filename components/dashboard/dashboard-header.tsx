'use client'

import type { PublicUser } from '@/lib/auth/public-user'
import { ProfileMenu } from './profile-menu'

export function DashboardHeader({ title, user }: { title: string; user: PublicUser }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-border bg-surface/90 px-4 backdrop-blur sm:px-8">
      <h1 className="text-lg font-semibold">{title}</h1>
      <ProfileMenu user={user} />
    </header>
  )
}
