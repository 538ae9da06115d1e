'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { formatBytes } from '@/lib/client/task-helpers'
import type { ChosenFile } from './use-upload-flow'

type Props = { files: ChosenFile[]; languages: number; total: number; onChange: () => void; isDisabled?: boolean }

/** Several chosen files: each with its size and estimate (or its problem), then the total for every language. */
export function UploadBatch({ files, languages, total, onChange, isDisabled }: Props) {
  const t = useTranslations('upload.batch')
  const td = useTranslations('upload.drop')
  return (
    <div className="rounded-lg border border-border" data-testid="upload-batch">
      <div className="flex items-center justify-between border-b border-border px-3 py-2">
        <p className="text-sm font-medium text-fg">{t('files', { count: files.length })}</p>
        <Button variant="secondary" size="sm" onClick={onChange} disabled={isDisabled}>
          {td('change')}
        </Button>
      </div>
      <ul className="max-h-56 divide-y divide-border overflow-y-auto">
        {files.map((entry, i) => (
          <li key={`${entry.file.name}-${i}`} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="upload-batch-file">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-fg" title={entry.file.name}>
                {entry.file.name}
              </p>
              {entry.error ? (
                <p role="alert" className="text-xs text-danger" data-testid="upload-batch-error">
                  {entry.error}
                </p>
              ) : (
                <p className="tabular text-xs text-subtle">{formatBytes(entry.file.size)}</p>
              )}
            </div>
            <span className="tabular text-xs whitespace-nowrap text-muted" data-testid="upload-batch-cost">
              {entry.error ? '—' : entry.estimate ? t('fileCost', { points: entry.estimate.cost }) : t('reading')}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between gap-3 border-t border-border bg-surface-2/50 px-3 py-2">
        <div>
          <p className="text-sm font-medium text-fg">{t('total')}</p>
          <p className="text-xs text-subtle">{t('totalHint', { files: files.length, languages })}</p>
        </div>
        <p className="tabular text-sm font-semibold text-fg" data-testid="upload-batch-total" data-points={total}>
          {t('totalValue', { points: total, tasks: files.length * languages })}
        </p>
      </div>
    </div>
  )
}
