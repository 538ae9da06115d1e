'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { ExtractionError } from '@/lib/client/media/extract-audio'
import { checkMediaFile, clockTime } from '@/lib/client/media/media-file'
import { formatBytes } from '@/lib/client/task-helpers'
import { getPoints } from '@/lib/client/points'
import { startRecordingSession, type RecordingSession } from '@/lib/client/recording-session'
import { invalidateAfterCreate, type Task, type TranslationService } from '@/lib/client/tasks'
import { createTranscription, declaredEstimate, estimateRecording, isShortOfPoints, transcribeParts, type RecordingEstimate } from '@/lib/client/transcribe'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe/limits'
import type { Shortfall } from './insufficient-points-dialog'

/**
 * A recording in the upload dialog (issues 22 and 31): its sound taken out by workers and uploaded
 * while it is made, priced from the length the file states; the task can be created at once and is
 * transcribed while the sound arrives. A browser that cannot take the sound out sends the file
 * whole (when it is small enough), estimated by the server.
 */
export type RecordingPhase = 'idle' | 'extracting' | 'uploading' | 'ready' | 'checking' | 'creating'

/** `target` empty: transcribe only; otherwise transcribe and translate into it in one go. */
export type RecordingChoices = { source: string; target: string; service: TranslationService; includeOriginal: boolean; review: boolean }

export function useRecordingFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (tasks: Task[]) => void }) {
  const t = useTranslations('upload.recording')
  const client = useQueryClient()
  const [phase, setPhase] = useState<RecordingPhase>('idle')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
  /** The recording's length as its container says, shown while the sound is extracted. */
  const [durationMs, setDurationMs] = useState<number | null>(null)
  const [extractPct, setExtractPct] = useState(0)
  const [uploadPct, setUploadPct] = useState(0)
  const [estimate, setEstimate] = useState<RecordingEstimate | null>(null)
  const [shortfall, setShortfall] = useState<Shortfall | null>(null)
  const [choices, setChoices] = useState<RecordingChoices>({ source: 'auto', target: '', service: canUseGoogle ? 'google' : 'deepseek', includeOriginal: false, review: false })
  const working = useRef<AbortController | null>(null)
  const session = useRef<RecordingSession | null>(null)
  /** A browser that cannot extract: the file sent whole, kept by the server under this id. */
  const whole = useRef<{ audio: Blob; uploadId: string } | null>(null)

  // The bars follow the session's own counters (the workers and the uploads run outside React).
  useEffect(() => {
    if (phase !== 'extracting' && phase !== 'ready') return
    const timer = setInterval(() => {
      const progress = session.current?.progress()
      if (!progress) return
      setExtractPct(Math.floor(progress.extracted * 100))
      setUploadPct(Math.floor(progress.uploaded * 100))
    }, 250)
    return () => clearInterval(timer)
  }, [phase])

  const clear = useCallback(() => {
    // Before a task took it, a recording's parts are dropped with the dialog.
    working.current?.abort()
    session.current?.abandon()
    working.current = null
    session.current = null
    whole.current = null
    setPhase('idle')
    setFile(null)
    setError(null)
    setSubmitError(null)
    setDurationMs(null)
    setExtractPct(0)
    setUploadPct(0)
    setEstimate(null)
    setShortfall(null)
  }, [])

  /** The problem in the person's language; a damaged file says how much of it could be read. */
  const extractionMessage = useCallback(
    (error: ExtractionError) => {
      const damage = error.damage
      if (error.problem === 'damaged' && damage) return t('errors.damaged', { read: clockTime(damage.readMs), total: clockTime(damage.totalMs) })
      if (error.problem === 'damagedIndex' && damage) return t('errors.damagedIndex', { size: formatBytes(damage.bytes) })
      return t(`errors.${error.problem}`)
    },
    [t],
  )

  /** No extraction in this browser: the file itself goes up, and the server reads its length. */
  const sendWhole = useCallback(
    async (chosen: File, controller: AbortController) => {
      setPhase('uploading')
      const result = await estimateRecording(chosen, chosen.name, { signal: controller.signal, onProgress: (f) => setUploadPct(Math.floor(f * 100)) })
      if (controller.signal.aborted) return
      whole.current = { audio: chosen, uploadId: result.uploadId }
      setEstimate({ ...declaredEstimate(result.durationMs), costs: result.costs, minutes: result.minutes, chunks: result.chunks, estimatedMs: result.estimatedMs })
      setDurationMs(result.durationMs)
      setPhase('ready')
    },
    [],
  )

  const choose = useCallback(
    async (chosen: File) => {
      clear()
      setFile(chosen)
      const problem = checkMediaFile(chosen)
      if (problem) return setError(t(`errors.${problem}`))
      const controller = new AbortController()
      working.current = controller
      setPhase('extracting')
      try {
        let started: RecordingSession
        try {
          started = await startRecordingSession(chosen, { signal: controller.signal })
        } catch (caught) {
          if (caught instanceof ExtractionError && caught.problem === 'unsupportedBrowser' && chosen.size <= MAX_AUDIO_BYTES) return await sendWhole(chosen, controller)
          throw caught
        }
        if (controller.signal.aborted) return started.abandon()
        session.current = started
        setDurationMs(started.durationMs)
        setEstimate(declaredEstimate(started.durationMs))
        await started.extracted
        if (working.current === controller) setPhase((current) => (current === 'extracting' ? 'ready' : current))
      } catch (caught) {
        if (controller.signal.aborted || working.current !== controller) return
        setError(caught instanceof ExtractionError ? extractionMessage(caught) : errorText(caught, t('errors.uploadFailed')))
        setPhase('idle')
      }
    },
    [clear, extractionMessage, sendWhole, t],
  )

  const cost = estimate ? (choices.target ? estimate.costs.transcribeAndTranslate + (choices.review && choices.service === 'deepseek' ? estimate.reviewCost : 0) : estimate.costs.transcribe) : 0

  const submit = useCallback(async () => {
    if (!file || !estimate) return
    const before = phase
    setSubmitError(null)
    setPhase('checking')
    // The server reserves the points anyway; a failed balance lookup only skips the early warning.
    const balance = await getPoints().catch(() => null)
    if (balance !== null && balance < cost) {
      setShortfall({ need: cost, have: balance })
      setPhase(before)
      return
    }
    setPhase('creating')
    const picked = { sourceLanguage: choices.source, targetLanguage: choices.target, service: choices.service, includeOriginalText: choices.includeOriginal, review: Boolean(choices.target) && choices.review && choices.service === 'deepseek' }
    try {
      const running = session.current
      const task = whole.current
        ? await createTranscription({ ...whole.current, fileName: file.name, ...picked })
        : await transcribeParts({ parts: await running!.partIds(), durationMs: estimate.durationMs, ...picked })
      // The task has the parts now: the dialog may close, the sound keeps going up.
      if (running) {
        working.current = null
        session.current = null
        running.uploaded.catch(() => toast.error(t('errors.uploadFailed')))
      }
      invalidateAfterCreate(client)
      onCreated([task])
    } catch (caught) {
      if (isShortOfPoints(caught)) setShortfall({ need: cost, have: (await getPoints().catch(() => 0)) ?? 0 })
      setSubmitError(errorText(caught, t('errors.submitFailed')))
      setPhase(before)
    }
  }, [choices, client, cost, estimate, file, onCreated, phase, t])

  return {
    phase,
    /** Whether a recording (rather than subtitle files) is in the dialog. */
    isActive: file !== null,
    file,
    error,
    submitError,
    durationMs,
    extractPct,
    uploadPct,
    estimate,
    cost,
    choices,
    setChoices,
    shortfall,
    dismissShortfall: () => setShortfall(null),
    choose,
    clear,
    submit,
    isBusy: phase === 'extracting' || phase === 'uploading',
    isSubmitting: phase === 'checking' || phase === 'creating',
    canSubmit: (phase === 'ready' || phase === 'extracting') && estimate !== null,
  }
}

export type RecordingFlow = ReturnType<typeof useRecordingFlow>
