'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { Progress } from '@/components/ui/progress'
import { clockTime } from '@/lib/client/recording'
import type { RecordingFlow } from './use-recording-flow'

function Step({ label, pct, state, testId }: { label: string; pct: number; state: 'waiting' | 'running' | 'done'; testId: string }) {
  return (
    <div className="space-y-1.5" data-testid={testId} data-state={state}>
      <div className="flex justify-between text-xs">
        <span className={state === 'waiting' ? 'text-subtle' : 'text-muted'}>{label}</span>
        <span className="tabular text-subtle">{state === 'waiting' ? '' : `${pct}%`}</span>
      </div>
      <Progress value={state === 'done' ? 100 : pct} label={label} />
    </div>
  )
}

type Percents = { extracted: number; uploaded: number }

/**
 * A recording's two bars while its sound is taken out and uploaded. They read the session's
 * counters every 250 ms on their own, and render only when a percentage moves: the dialog around
 * them, with its selects, is not rendered again for each step, so the page stays
 * responsive while the workers hold both cores.
 */
export function RecordingBars({ flow }: { flow: Pick<RecordingFlow, 'phase' | 'durationMs' | 'uploadPct' | 'readProgress'> }) {
  const t = useTranslations('upload.recording')
  const { phase, readProgress } = flow
  const [pct, setPct] = useState<Percents>({ extracted: 0, uploaded: 0 })
  useEffect(() => {
    if (phase !== 'extracting') return
    const timer = setInterval(() => {
      const progress = readProgress()
      if (!progress) return
      const next = { extracted: Math.floor(progress.extracted * 100), uploaded: Math.floor(progress.uploaded * 100) }
      setPct((before) => (before.extracted === next.extracted && before.uploaded === next.uploaded ? before : next))
    }, 250)
    return () => clearInterval(timer)
  }, [phase, readProgress])
  // A file sent whole (no extraction in this browser) has only its upload's progress.
  const uploadPct = phase === 'uploading' ? flow.uploadPct : pct.uploaded
  return (
    <div className="space-y-3 rounded-lg border border-border px-4 py-3" role="status">
      <Step
        label={flow.durationMs === null ? t('opening') : t('extracting', { duration: clockTime(flow.durationMs) })}
        pct={pct.extracted}
        state={phase === 'extracting' ? 'running' : 'done'}
        testId="recording-extract"
      />
      {/* The sound goes up while it is taken out: both bars move together. */}
      <Step label={t('uploading')} pct={uploadPct} state={phase === 'uploading' || uploadPct > 0 ? 'running' : 'waiting'} testId="recording-upload" />
      <p className="text-xs text-subtle">{t('onlySound')}</p>
    </div>
  )
}
