'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { DubDialog } from './dub-dialog'

/** The toolbar's "Dub…": opens the Dub dialog (voices, price, progress, the finished dub). */
export function DubToolbarButton({ taskId }: { taskId: string }) {
  const t = useTranslations('dub')
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title={t('button')}
        data-testid="toolbar-dub"
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
      >
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
          <path d="M6 2.5h4v6a2 2 0 0 1-4 0zM3.5 7.5a4.5 4.5 0 0 0 9 0M8 12v1.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="max-lg:sr-only">{t('button')}</span>
      </button>
      {open && <DubDialog taskId={taskId} open onOpenChange={setOpen} />}
    </>
  )
}
