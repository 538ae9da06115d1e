'use client'

import { useTranslations } from 'next-intl'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { errorText } from '@/lib/client/api'
import type { Task } from '@/lib/client/tasks'
import { useDeleteTask } from '@/lib/client/tasks'

/** Confirms deleting a task (it cannot be undone); stays open with the error when deleting fails. */
export function DeleteTaskDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const t = useTranslations('tasks.delete')
  const tc = useTranslations('common')
  const remove = useDeleteTask()
  const close = () => {
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!task) return
    remove.mutate(task.id, {
      onSuccess: () => {
        toast.success(t('done', { fileName: task.fileName }))
        close()
      },
    })
  }
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => !open && close()}
      isLocked={remove.isPending}
      title={t('title')}
      description={task ? t('body', { fileName: task.fileName }) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {tc('cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} isLoading={remove.isPending} data-testid="confirm-delete">
            {t('confirm')}
          </Button>
        </>
      }
    >
      {remove.isError && <Alert tone="danger">{errorText(remove.error, t('failed'))}</Alert>}
    </Dialog>
  )
}
