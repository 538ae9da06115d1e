'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'

/**
 * The editor's row area: the list (`children`), or why there is none: a recording with no speech,
 * a task without segments, or a filter that keeps no row (with the way back to all of them).
 */
export function EditorRows({ status, total, shown, onShowAll, children }: { status: string; total: number; shown: number; onShowAll: () => void; children: ReactNode }) {
  const t = useTranslations('editor')
  const tn = useTranslations('noSpeech')
  if (status === 'no_speech')
    return (
      <div className="p-6" data-testid="editor-no-speech">
        <EmptyState title={tn('title')} body={tn('body')} />
      </div>
    )
  if (total === 0)
    return (
      <div className="p-6">
        <EmptyState title={t('export.noData')} body={t('emptyHint')} />
      </div>
    )
  if (shown === 0)
    return (
      <div className="p-6">
        <EmptyState
          title={t('quality.noneInView')}
          action={
            <Button variant="secondary" onClick={onShowAll}>
              {t('quality.showAll')}
            </Button>
          }
        />
      </div>
    )
  return <>{children}</>
}
