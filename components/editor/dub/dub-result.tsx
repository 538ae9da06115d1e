'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Alert, FailureAlert } from '@/components/ui/alert'
import { buttonClasses, Button } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import { dubAudioUrl, dubReportUrl, useRespeakDub, type DubDto } from '@/lib/client/dubs'

/** A finished dub: listen to it, download its tracks and report, speak edited lines again, or start another. */
export function DubResult({ taskId, dub, onNew }: { taskId: string; dub: DubDto; onNew: () => void }) {
  const t = useTranslations('dub')
  const respeak = useRespeakDub(taskId)
  const [kind, setKind] = useState<'mix' | 'voices'>(dub.withOriginal ? 'mix' : 'voices')
  if (dub.status === 'failed') {
    return (
      <div className="space-y-3" data-testid="dub-failed">
        <Alert tone="danger">{t('failed')}</Alert>
        <Button onClick={onNew}>{t('again')}</Button>
      </div>
    )
  }
  const link = (href: string, label: string, testId: string) => (
    <a href={href} download className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid={testId}>
      {label}
    </a>
  )
  return (
    <div className="space-y-4" data-testid="dub-result">
      <p className="text-sm text-fg">{t('done', { points: dub.charged ?? 0 })}</p>
      {dub.flagged > 0 && <Alert tone="warning">{t('flagged', { count: dub.flagged })}</Alert>}
      {dub.withOriginal && (
        <div className="flex gap-2" role="radiogroup" aria-label={t('listen')}>
          {(['mix', 'voices'] as const).map((k) => (
            <Button key={k} size="sm" variant={kind === k ? 'primary' : 'secondary'} role="radio" aria-checked={kind === k} onClick={() => setKind(k)} data-testid={`dub-listen-${k}`}>
              {t(k === 'mix' ? 'mixTrack' : 'voicesTrack')}
            </Button>
          ))}
        </div>
      )}
      <audio key={kind} controls preload="metadata" src={dubAudioUrl(taskId, dub.id, kind)} className="w-full" data-testid="dub-player" />
      <p className="text-xs text-muted">{t('previewHint')}</p>
      <div className="flex flex-wrap gap-2">
        {dub.withOriginal && link(dubAudioUrl(taskId, dub.id, 'mix'), t('downloadMix'), 'dub-download-mix')}
        {link(dubAudioUrl(taskId, dub.id, 'voices'), t('downloadVoices'), 'dub-download-voices')}
        {link(dubAudioUrl(taskId, dub.id, dub.withOriginal ? 'mix' : 'voices', 'wav'), t('downloadWav'), 'dub-download-wav')}
        {link(dubReportUrl(taskId, dub.id, 'csv'), t('reportCsv'), 'dub-report-csv')}
        {link(dubReportUrl(taskId, dub.id, 'json'), t('reportJson'), 'dub-report-json')}
      </div>
      <FailureAlert message={respeak.isError ? errorText(respeak.error, t('startFailed')) : null} />
      <div className="flex flex-wrap justify-between gap-2 border-t border-border pt-3">
        <Button variant="ghost" onClick={onNew} data-testid="dub-new">
          {t('newDub')}
        </Button>
        <Button variant="secondary" isLoading={respeak.isPending} onClick={() => respeak.mutate(dub.id)} data-testid="dub-respeak">
          {t('respeak')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('respeakHint')}</p>
    </div>
  )
}
