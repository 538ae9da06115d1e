'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Alert, FailureAlert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { errorText } from '@/lib/client/api'
import { useDubEstimate, useDubs, useStartDub, type DubDto } from '@/lib/client/dubs'
import { DubResult } from './dub-result'

type Props = { taskId: string; open: boolean; onOpenChange: (open: boolean) => void }

const isRunning = (dub: DubDto | undefined) => dub !== undefined && ['queued', 'speaking', 'mixing'].includes(dub.status)

/**
 * "Dub…": the voices of the task's speakers and the price before anything is spent, then the dub's
 * progress, then its result (player, downloads, re-speaking edited lines). The dub runs on the
 * server: closing the dialog or the tab loses nothing.
 */
export function DubDialog({ taskId, open, onOpenChange }: Props) {
  const t = useTranslations('dub')
  const dubs = useDubs(taskId, { enabled: open })
  const [isNew, setNew] = useState(false)
  const latest = dubs.data?.dubs[0]
  const showForm = !latest || isNew
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('title')} description={t('description')} className="max-w-xl">
      <div className="space-y-4" data-testid="dub-dialog">
        {dubs.isPending ? (
          <Spinner />
        ) : showForm ? (
          <DubForm taskId={taskId} onStarted={() => setNew(false)} onCancel={latest ? () => setNew(false) : () => onOpenChange(false)} />
        ) : isRunning(latest) ? (
          <DubProgress dub={latest} />
        ) : (
          <DubResult taskId={taskId} dub={latest} onNew={() => setNew(true)} />
        )}
      </div>
    </Dialog>
  )
}

function DubProgress({ dub }: { dub: DubDto }) {
  const t = useTranslations('dub')
  const percent = dub.status === 'mixing' ? 100 : dub.phrasesTotal > 0 ? Math.round((100 * dub.phrasesDone) / dub.phrasesTotal) : 0
  return (
    <div className="space-y-3" data-testid="dub-progress">
      <p className="text-sm text-fg">{dub.status === 'mixing' ? t('mixing') : dub.status === 'queued' ? t('queued') : t('speaking', { done: dub.phrasesDone, total: dub.phrasesTotal })}</p>
      <Progress value={percent} label={t('progressLabel')} />
      <p className="text-xs text-muted">{t('runsOnServer')}</p>
    </div>
  )
}

function DubForm({ taskId, onStarted, onCancel }: { taskId: string; onStarted: () => void; onCancel: () => void }) {
  const t = useTranslations('dub')
  const tc = useTranslations('common')
  const estimate = useDubEstimate(taskId)
  const start = useStartDub(taskId)
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const [withOriginal, setWithOriginal] = useState(true)
  if (estimate.isPending) return <Spinner />
  if (estimate.isError) return <FailureAlert message={errorText(estimate.error, t('unavailable'))} />
  const e = estimate.data
  const voiceOf = (speaker: string, fallback: string) => chosen[speaker] ?? fallback
  return (
    <form
      className="space-y-4"
      data-testid="dub-form"
      onSubmit={(event) => {
        event.preventDefault()
        const voices = Object.fromEntries(e.speakers.map((s) => [s.speaker, voiceOf(s.speaker, s.voice)]))
        start.mutate({ voices, withOriginal: withOriginal && e.hasOriginal }, { onSuccess: onStarted })
      }}
    >
      <FailureAlert message={start.isError ? errorText(start.error, t('startFailed')) : null} />
      {e.isSandbox && <Alert tone="info">{t('sandbox')}</Alert>}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-fg">{t('voices')}</legend>
        <ul className="divide-y divide-border rounded-lg border border-border">
          {e.speakers.map((s) => (
            <li key={s.speaker} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 text-sm">
                <span className="block truncate font-medium text-fg">{s.speaker ? s.name : t('allLines')}</span>
                <span className="text-xs text-muted">{t('lines', { count: s.lines })}</span>
              </span>
              <Select
                className="w-40"
                value={voiceOf(s.speaker, s.voice)}
                onValueChange={(voice) => setChosen((all) => ({ ...all, [s.speaker]: voice }))}
                options={e.voices.map((v) => ({ value: v, label: v }))}
                aria-label={t('voiceOf', { name: s.speaker ? s.name : t('allLines') })}
                data-testid={`dub-voice-${s.speaker || 'all'}`}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input type="checkbox" className="mt-0.5 accent-[var(--brand)]" checked={withOriginal && e.hasOriginal} disabled={!e.hasOriginal} onChange={(event) => setWithOriginal(event.target.checked)} data-testid="dub-with-original" />
        <span>
          {t('withOriginal')}
          <span className="block text-xs text-muted">{e.hasOriginal ? t('withOriginalHint') : t('noOriginal')}</span>
        </span>
      </label>
      <div className="flex items-center justify-between rounded-lg bg-surface-muted px-3 py-2 text-sm" data-testid="dub-price">
        <span className="text-muted">{t('priceFor', { characters: e.characters, lines: e.lines })}</span>
        <Badge tone="brand">{t('points', { points: e.price })}</Badge>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
          {tc('cancel')}
        </Button>
        <Button type="submit" isLoading={start.isPending} disabled={e.lines === 0} data-testid="dub-start">
          {t('start', { points: e.price })}
        </Button>
      </div>
    </form>
  )
}
