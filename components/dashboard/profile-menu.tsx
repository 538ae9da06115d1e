'use client'

import type { PublicUser } from '@/lib/auth/public-user'

// Placeholder: the accounts issue replaces it with the full profile menu.
export function ProfileMenu({ user }: { user: PublicUser }) {
  return <span className="text-sm text-muted">{user.name}</span>
}
