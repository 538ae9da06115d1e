'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { TimingProfile } from '@/lib/timing'
import type { UnfixedRow } from './fix-timing'

/** What one "Fix timing" did: how many rows it moved, over what, and what it left with why. */
export type FixTimingResult = { changed: number; unfixed: UnfixedRow[]; selected: number; total: number; profileName: string; profile: TimingProfile }

const seconds = (ms: number) => Number((ms / 1000).toFixed(3))

/** The outcome of "Fix timing": counts, and each thing it could not fix with a way to it. */
export function FixTimingDialog({ result, onClose, onGoTo }: { result: FixTimingResult | null; onClose: () => void; onGoTo: (id: number) => void }) {
  const t = useTranslations('editor.timing')
  const tc = useTranslations('common')
  if (!result) return null
  const { profile } = result
  const kind = (row: UnfixedRow) =>
    row.kind === 'gapTooSmall'
      ? t('kinds.gapTooSmall', { frames: profile.minGapFrames })
      : row.kind === 'notChained'
        ? t('kinds.notChained')
        : t(`kinds.${row.kind}`, { seconds: seconds(row.kind === 'tooShort' ? profile.minDurationMs : profile.maxDurationMs) })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('resultTitle')}
      description={result.selected > 0 ? t('scopeSelected', { profile: result.profileName, count: result.selected }) : t('scopeAll', { profile: result.profileName, count: result.total })}
      footer={
        <>
          <p className="mr-auto self-center text-xs text-subtle">{result.changed > 0 ? t('undoHint') : ''}</p>
          <Button onClick={onClose} data-testid="fix-timing-close">
            {tc('close')}
          </Button>
        </>
      }
    >
      <div className="space-y-4" data-testid="fix-timing-result" data-changed={result.changed} data-unfixed={result.unfixed.length}>
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-lg border border-border bg-success-subtle/40 px-4 py-3">
            <p className="tabular text-2xl font-semibold text-success">{result.changed}</p>
            <p className="text-xs text-muted">{t('changed', { count: result.changed })}</p>
          </div>
          <div className="rounded-lg border border-border bg-warning-subtle/40 px-4 py-3">
            <p className={`tabular text-2xl font-semibold ${result.unfixed.length > 0 ? 'text-warning' : 'text-subtle'}`}>{result.unfixed.length}</p>
            <p className="text-xs text-muted">{result.unfixed.length > 0 ? t('unfixed', { count: result.unfixed.length }) : t('allFixed')}</p>
          </div>
        </div>
        {result.unfixed.length > 0 && (
          <ul className="max-h-64 divide-y divide-border overflow-y-auto rounded-lg border border-border" data-testid="fix-timing-unfixed">
            {result.unfixed.map((row) => (
              <li key={`${row.id}-${row.kind}`} className="flex items-center gap-3 px-3 py-2 text-sm" data-row={row.id} data-kind={row.kind}>
                <span className="tabular w-10 shrink-0 text-xs font-medium text-subtle">#{row.id}</span>
                <span className="min-w-0 flex-1">
                  <span className="text-fg">{kind(row)}</span>
                  <span className="text-muted"> · {t(`reasons.${row.reason}`)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    onClose()
                    onGoTo(row.id)
                  }}
                  data-testid="fix-timing-goto"
                >
                  {t('goTo')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
