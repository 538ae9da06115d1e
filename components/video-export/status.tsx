'use client'

import { useTranslations } from 'next-intl'
import { Alert } from '@/components/ui/alert'
import { Progress } from '@/components/ui/progress'
import type { ExportState } from './use-video-export'

/** Minutes and seconds left, as a clock (`4:05`), or seconds under a minute (`35 s`). */
export function formatEta(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000))
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The running export's progress and time left, then its outcome. */
export function BurnProgress({ state }: { state: ExportState }) {
  const t = useTranslations('videoExport')
  if (state.phase === 'running') {
    const percent = Math.floor(state.fraction * 100)
    return (
      <div className="space-y-2 rounded-lg border border-border bg-surface-2/40 p-3" data-testid="burn-progress" data-fraction={state.fraction}>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-fg tabular">{t('working', { percent })}</span>
          <span className="text-xs text-muted tabular" data-testid="burn-eta">
            {state.etaMs !== undefined ? t('eta', { time: formatEta(state.etaMs) }) : t('etaUnknown')}
          </span>
        </div>
        <Progress value={percent} label={t('working', { percent })} />
        <p className="text-xs text-muted">{t('keepOpen')}</p>
      </div>
    )
  }
  if (state.phase === 'done')
    return (
      <Alert tone="success">
        <p className="font-medium" data-testid="burn-done">
          {t('done')}
        </p>
        <p className="mt-0.5 text-xs">{t(state.savedTo === 'disk' ? 'doneDisk' : 'doneDownload', { name: state.fileName })}</p>
        <p className="mt-0.5 text-xs" data-testid="burn-audio" data-audio={state.audio}>
          {t(state.audio === 'copied' ? 'audioCopied' : 'audioReencoded')}
        </p>
      </Alert>
    )
  if (state.phase === 'cancelled')
    return (
      <Alert tone="info">
        <span data-testid="burn-cancelled">{t('cancelled')}</span>
      </Alert>
    )
  if (state.phase === 'error')
    return (
      <Alert tone="danger">
        <span data-testid="burn-error" data-problem={state.problem}>
          {t(`errors.${state.problem}`)}
        </span>
      </Alert>
    )
  return null
}
