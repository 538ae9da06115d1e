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
import { isDubRunning, useDubEstimate, useDubs, useSendDubOriginal, useStartDub, type DubDto } from '@/lib/client/dubs'
import { formatBytes } from '@/lib/client/task-helpers'
import { useEditorStore } from '../state/editor-store-context'
import { copyVideoSound } from './video-sound'
import { DubResult } from './dub-result'

type Props = { taskId: string; open: boolean; onOpenChange: (open: boolean) => void }


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
        ) : isDubRunning(latest) ? (
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

/** Where "keep the original sound" takes it from: the task's recording, the video open beside the lines (sent now), or the sound sent before. */
type OriginalSource = 'recording' | 'video' | 'upload' | null

type Step = { kind: 'copying'; fraction: number } | { kind: 'sending'; bytes: number } | { kind: 'starting' }

function DubForm({ taskId, onStarted, onCancel }: { taskId: string; onStarted: () => void; onCancel: () => void }) {
  const t = useTranslations('dub')
  const tc = useTranslations('common')
  const estimate = useDubEstimate(taskId)
  const start = useStartDub(taskId)
  const sendOriginal = useSendDubOriginal(taskId)
  const video = useEditorStore((s) => s.player)?.file() ?? null
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const [withOriginal, setWithOriginal] = useState(true)
  const [step, setStep] = useState<Step | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  if (estimate.isPending) return <Spinner />
  if (estimate.isError) return <FailureAlert message={errorText(estimate.error, t('unavailable'))} />
  const e = estimate.data
  const voiceOf = (speaker: string, fallback: string) => chosen[speaker] ?? fallback
  // A transcription's recording is the sound itself; a subtitle file's task takes its video's, sent each time (it may be another video now).
  const source: OriginalSource = e.original?.source === 'recording' ? 'recording' : video ? 'video' : e.original ? 'upload' : null
  const keepsOriginal = withOriginal && source !== null
  const isBusy = step !== null

  const submit = async () => {
    setProblem(null)
    try {
      if (keepsOriginal && source === 'video' && video) {
        setStep({ kind: 'copying', fraction: 0 })
        const copied = await copyVideoSound(video, { onProgress: (fraction) => setStep({ kind: 'copying', fraction }) })
        if (!copied) {
          setProblem(t('videoNoSound'))
          return
        }
        setStep({ kind: 'sending', bytes: copied.sound.size })
        await sendOriginal.mutateAsync(copied)
      }
      setStep({ kind: 'starting' })
      const voices = Object.fromEntries(e.speakers.map((s) => [s.speaker, voiceOf(s.speaker, s.voice)]))
      await start.mutateAsync({ voices, withOriginal: keepsOriginal })
      onStarted()
    } catch (error) {
      setProblem(errorText(error, t('startFailed')))
    } finally {
      setStep(null)
    }
  }

  const originalHint =
    source === 'recording'
      ? t('withOriginalRecording')
      : source === 'video'
        ? t('withOriginalVideo', { name: video?.name ?? '' })
        : source === 'upload'
          ? t('withOriginalUpload', { duration: clockTime(e.original?.durationMs ?? 0) })
          : t('noOriginal')
  return (
    <form
      className="space-y-4"
      data-testid="dub-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (!isBusy) void submit()
      }}
    >
      <FailureAlert message={problem} />
      {e.isSandbox && <Alert tone="info">{t('sandbox')}</Alert>}
      <fieldset className="space-y-2" disabled={isBusy}>
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
      <label className="flex items-start gap-2 text-sm text-fg" data-testid="dub-original" data-source={source ?? 'none'}>
        <input type="checkbox" className="mt-0.5 accent-[var(--brand)]" checked={keepsOriginal} disabled={source === null || isBusy} onChange={(event) => setWithOriginal(event.target.checked)} data-testid="dub-with-original" />
        <span className="min-w-0">
          {t('withOriginal')}
          <span className="block text-xs break-words text-muted">{originalHint}</span>
        </span>
      </label>
      <div className="flex items-center justify-between rounded-lg bg-surface-2 px-3 py-2 text-sm" data-testid="dub-price">
        <span className="text-muted">{t('priceFor', { characters: e.characters, lines: e.lines })}</span>
        <Badge tone="brand">{t('points', { points: e.price })}</Badge>
      </div>
      {step && (
        <p className="flex items-center gap-2 text-xs text-muted" role="status" data-testid="dub-step" data-step={step.kind}>
          <Spinner className="size-3.5" />
          {step.kind === 'copying' ? t('copyingSound', { percent: Math.round(step.fraction * 100) }) : step.kind === 'sending' ? t('sendingSound', { size: formatBytes(step.bytes) }) : t('starting')}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {tc('cancel')}
        </Button>
        <Button type="submit" isLoading={isBusy} disabled={e.lines === 0} data-testid="dub-start">
          {t('start', { points: e.price })}
        </Button>
      </div>
    </form>
  )
}

/** 83_000 ms → "1:23", 3_723_000 → "1:02:03". */
function clockTime(ms: number): string {
  const s = Math.round(ms / 1000)
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60]
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`
}
