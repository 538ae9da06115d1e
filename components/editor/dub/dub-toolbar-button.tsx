'use client'

import { useTranslations } from 'next-intl'
import { ToolbarDialogButton } from '../screen/toolbar-text-button'
import { DubDialog } from './dub-dialog'

/** The toolbar's "Dub…": opens the Dub dialog (voices, price, progress, the finished dub). */
export function DubToolbarButton({ taskId }: { taskId: string }) {
  const t = useTranslations('dub')
  return (
    <ToolbarDialogButton
      label={t('button')}
      testId="toolbar-dub"
      icon={<path d="M6 2.5h4v6a2 2 0 0 1-4 0zM3.5 7.5a4.5 4.5 0 0 0 9 0M8 12v1.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />}
      dialog={(open, setOpen) => open && <DubDialog taskId={taskId} open onOpenChange={setOpen} />}
    />
  )
}
