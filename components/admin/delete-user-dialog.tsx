'use client'

import { useTranslations } from 'next-intl'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useDeleteUser } from '@/lib/client/admin-users'
import { errorText } from '@/lib/client/api'
import type { PublicUser } from '@/lib/accounts/contract'

/** The confirmation required before a user is deleted ("cannot be undone"). */
export function DeleteUserDialog({ user, onClose }: { user: PublicUser | null; onClose: () => void }) {
  const t = useTranslations('admin')
  const tc = useTranslations('common')
  const remove = useDeleteUser()
  const confirm = (target: PublicUser) =>
    remove.mutate(target, {
      onSuccess: (deleted) => {
        toast.success(t('deleted', { name: deleted.name }))
        onClose()
      },
      onError: (error) => toast.error(errorText(error, t('deleteFailed'))),
    })
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      isLocked={remove.isPending}
      title={t('deleteTitle', { name: user?.name ?? '' })}
      description={t('deleteBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {tc('cancel')}
          </Button>
          <Button variant="danger" isLoading={remove.isPending} onClick={() => user && confirm(user)} data-testid="user-delete-confirm">
            {t('confirmDelete')}
          </Button>
        </>
      }
    >
      {user && (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
          {user.name} · {user.email || user.id}
        </p>
      )}
    </Dialog>
  )
}
