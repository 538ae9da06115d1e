'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { UserAvatar } from '@/components/accounts/user-avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { HeadRow, SkeletonRows, Table, TBody, TD, TR } from '@/components/ui/table'
import { useUserPage } from '@/lib/client/admin-users'
import type { PublicUser } from '@/lib/accounts/contract'
import { CreateUserDialog } from './create-user-dialog'
import { DeleteUserDialog } from './delete-user-dialog'
import { UserDetailDialog } from './user-detail-dialog'
import { UsersPager } from './users-pager'
import { RetryAlert } from '@/components/ui/load-states'

/** Managers' user table: user info, ID, role, status (always active), details and delete; paged 10 by default. */
export function UsersView({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations('admin')
  const [page, setPage] = useState(1)
  const [size, setSize] = useState(10)
  const [isCreating, setIsCreating] = useState(false)
  const [toDelete, setToDelete] = useState<PublicUser | null>(null)
  const [toShow, setToShow] = useState<PublicUser | null>(null)
  const users = useUserPage(page, size)
  const data = users.data
  // A deletion can empty the last page: step back instead of showing nothing.
  if (data && data.list.length === 0 && page > 1 && !users.isFetching) setPage(Math.max(1, data.totalPages))

  return (
    <section className="space-y-5" data-testid="users-view">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('title')}</h2>
          <p className="text-sm text-muted">{t('description')}</p>
        </div>
        <Button onClick={() => setIsCreating(true)} data-testid="users-create">
          <span aria-hidden="true">+</span> {t('create')}
        </Button>
      </div>
      {users.isError && !data ? (
        <RetryAlert onRetry={users.refetch}>{t('loadFailed')}</RetryAlert>
      ) : data && data.totalCount === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <Table aria-busy={users.isFetching || undefined}>
          <HeadRow columns={[t('columns.user'), t('columns.id'), t('columns.role'), t('columns.status'), { label: t('columns.actions'), className: 'text-right' }]} />
          <TBody>
            {!data
              ? <SkeletonRows rows={5} columns={5} />
              : data.list.map((user) => (
                  <TR key={user.id} data-testid="user-row" data-email={user.email}>
                    <TD>
                      <div className="flex items-center gap-3">
                        <UserAvatar name={user.name} src={user.pic} />
                        <div className="min-w-0">
                          <p className="truncate font-medium text-fg">
                            {user.name}
                            {user.id === currentUserId && <span className="ml-2 text-xs font-normal text-subtle">({t('you')})</span>}
                          </p>
                          <p className="truncate text-xs text-muted">{user.email || t('noEmail')}</p>
                        </div>
                      </div>
                    </TD>
                    <TD className="font-mono text-xs text-muted tabular">{user.id}</TD>
                    <TD>{user.admin ? <Badge tone="brand">{t('roleAdmin')}</Badge> : <Badge>{t('roleUser')}</Badge>}</TD>
                    <TD>
                      <Badge tone="success">{t('statusActive')}</Badge>
                    </TD>
                    <TD className="text-right whitespace-nowrap">
                      <Button variant="ghost" size="sm" onClick={() => setToShow(user)} data-testid="user-details">
                        {t('details')}
                      </Button>
                      {user.id !== currentUserId && (
                        <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-subtle hover:text-danger" onClick={() => setToDelete(user)} data-testid="user-delete">
                          {t('delete')}
                        </Button>
                      )}
                    </TD>
                  </TR>
                ))}
          </TBody>
        </Table>
      )}
      {data && data.totalCount > 0 && (
        <UsersPager page={page} size={size} total={data.totalCount} totalPages={data.totalPages} isBusy={users.isFetching} onPage={setPage} onSize={(next) => (setSize(next), setPage(1))} />
      )}
      <CreateUserDialog open={isCreating} onOpenChange={setIsCreating} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
      <UserDetailDialog user={toShow} currentUserId={currentUserId} onClose={() => setToShow(null)} />
    </section>
  )
}
