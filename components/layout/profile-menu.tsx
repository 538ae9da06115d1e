'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { UserAvatar } from '@/components/accounts/user-avatar'
import { Badge } from '@/components/ui/badge'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { signOut } from '@/lib/client/accounts'
import { usePoints } from '@/lib/client/points'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { clearStoredUser, storeUser, useStoredUser, type ClientUser } from '@/lib/client/user-store'
import type { PublicUser } from '@/lib/accounts/contract'
import { ChangePasswordDialog } from './change-password-dialog'
import { EditProfileDialog } from './edit-profile-dialog'

/**
 * The header's account menu: name, email, points balance, edit profile, change password, API and webhooks, settings
 * (disabled), logout, and sign out everywhere.
 */
export function ProfileMenu({ user }: { user: PublicUser }) {
  const t = useTranslations('profile')
  const router = useRouter()
  const localized = useLocalizedPath()
  const queryClient = useQueryClient()
  const stored = useStoredUser()
  const [isEditing, setIsEditing] = useState(false)
  const [isChangingPassword, setIsChangingPassword] = useState(false)
  // The server's copy is the truth on arrival; later edits update the stored copy.
  useEffect(() => storeUser(user), [user])
  const current: ClientUser = stored?.id === user.id ? stored : { id: user.id, email: user.email, name: user.name, picture: user.pic, manager: user.admin }
  const points = usePoints()

  // Sign-out is a POST (a link elsewhere must not end a session); "everywhere" ends every session of the account.
  const logout = async (everywhere = false) => {
    try {
      await signOut(everywhere)
    } catch {
      toast.warning(t('logoutFailed'))
    }
    clearStoredUser()
    queryClient.clear()
    router.replace(localized('/login'))
    router.refresh()
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button type="button" aria-label={t('menuLabel')} className="flex items-center gap-2.5 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-surface-2" data-testid="profile-menu-trigger">
            <UserAvatar name={current.name} src={current.picture} className="size-8" />
            <span className="hidden max-w-40 truncate text-sm font-medium text-fg sm:inline" data-testid="profile-name-label">
              {current.name}
            </span>
            <svg className="size-4 text-subtle" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64">
          <div className="flex items-center gap-3 px-2.5 py-2">
            <UserAvatar name={current.name} src={current.picture} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-medium text-fg">{current.name}</p>
              {current.email && <p className="truncate text-xs text-muted">{current.email}</p>}
              {current.manager && (
                <Badge tone="brand" className="mt-1">
                  {t('administrator')}
                </Badge>
              )}
            </div>
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{t('points')}</DropdownMenuLabel>
          <div className="px-2.5 pb-2 text-sm tabular" data-testid="profile-points">
            {points.isPending ? <Skeleton className="h-5 w-20" /> : points.isError ? <span className="text-danger">{t('pointsFailed')}</span> : <span className="font-semibold text-fg">{points.data.toLocaleString()}</span>}
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsEditing(true)} data-testid="profile-edit">
            {t('editProfile')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setIsChangingPassword(true)} data-testid="profile-change-password">
            {t('changePassword')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => router.push(localized('/dashboard/developers'))} data-testid="profile-developers">
            {t('developers')}
          </DropdownMenuItem>
          <DropdownMenuItem disabled>{t('settings')}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()} className="text-danger data-[highlighted]:bg-danger-subtle data-[highlighted]:text-danger" data-testid="profile-logout">
            {t('logout')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void logout(true)} className="text-danger data-[highlighted]:bg-danger-subtle data-[highlighted]:text-danger" data-testid="profile-logout-all">
            {t('logoutEverywhere')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditProfileDialog open={isEditing} onOpenChange={setIsEditing} user={current} />
      <ChangePasswordDialog open={isChangingPassword} onOpenChange={setIsChangingPassword} />
    </>
  )
}
