'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useRef, useState } from 'react'
import { errorText } from '@/lib/client/api'
import { ExtractionError, startExtraction } from '@/lib/client/media/extract-audio'
import { checkMediaFile, clockTime } from '@/lib/client/media/media-file'
import { formatBytes } from '@/lib/client/task-helpers'
import { getPoints } from '@/lib/client/points'
import { invalidateAfterCreate, type Task, type TranslationService } from '@/lib/client/tasks'
import { createTranscription, estimateRecording, isShortOfPoints, type AudioEstimate } from '@/lib/client/transcribe'
import type { Shortfall } from './insufficient-points-dialog'

/**
 * A recording in the upload dialog (issue 22): opened and its sound extracted in the browser, the
 * small audio uploaded once with the estimate, then transcribed (and translated) on submit.
 */
export type RecordingPhase = 'idle' | 'extracting' | 'uploading' | 'ready' | 'checking' | 'creating'

/** `target` empty: transcribe only; otherwise transcribe and translate into it in one go. */
export type RecordingChoices = { source: string; target: string; service: TranslationService; includeOriginal: boolean }

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
  const [audio, setAudio] = useState<Blob | null>(null)
  const [estimate, setEstimate] = useState<AudioEstimate | null>(null)
  const [shortfall, setShortfall] = useState<Shortfall | null>(null)
  const [choices, setChoices] = useState<RecordingChoices>({ source: 'auto', target: '', service: canUseGoogle ? 'google' : 'deepseek', includeOriginal: false })
  const working = useRef<AbortController | null>(null)

  const clear = useCallback(() => {
    working.current?.abort()
    working.current = null
    setPhase('idle')
    setFile(null)
    setError(null)
    setSubmitError(null)
    setDurationMs(null)
    setExtractPct(0)
    setUploadPct(0)
    setAudio(null)
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
        const extraction = await startExtraction(chosen, { signal: controller.signal, onProgress: (f) => setExtractPct(Math.floor(f * 100)) })
        setDurationMs(extraction.durationMs)
        // The parts one after the other: one file the server reads whole (chained Ogg, or ADTS/MP3 frames).
        const parts = await Promise.all(extraction.parts.map((part) => new Response(part.stream).blob()))
        await extraction.done
        if (controller.signal.aborted) return
        const extracted = new Blob(parts, { type: 'audio/ogg' })
        setAudio(extracted)
        setPhase('uploading')
        // The task is named after the recording, so it is listed and exported under the video's name.
        const result = await estimateRecording(extracted, chosen.name, { signal: controller.signal, onProgress: (f) => setUploadPct(Math.floor(f * 100)) })
        if (controller.signal.aborted) return
        setEstimate(result)
        setDurationMs(result.durationMs)
        setPhase('ready')
      } catch (caught) {
        if (controller.signal.aborted) return
        setError(caught instanceof ExtractionError ? extractionMessage(caught) : errorText(caught, t('errors.uploadFailed')))
        setPhase('idle')
      }
    },
    [clear, extractionMessage, t],
  )

  const cost = estimate ? (choices.target ? estimate.costs.transcribeAndTranslate : estimate.costs.transcribe) : 0

  const submit = useCallback(async () => {
    if (!file || !audio || !estimate) return
    setSubmitError(null)
    setPhase('checking')
    // The server reserves the points anyway; a failed balance lookup only skips the early warning.
    const balance = await getPoints().catch(() => null)
    if (balance !== null && balance < cost) {
      setShortfall({ need: cost, have: balance })
      setPhase('ready')
      return
    }
    setPhase('creating')
    try {
      const task = await createTranscription({
        audio,
        fileName: file.name,
        uploadId: estimate.uploadId,
        sourceLanguage: choices.source,
        targetLanguage: choices.target,
        service: choices.service,
        includeOriginalText: choices.includeOriginal,
      })
      invalidateAfterCreate(client)
      onCreated([task])
    } catch (caught) {
      if (isShortOfPoints(caught)) setShortfall({ need: cost, have: (await getPoints().catch(() => 0)) ?? 0 })
      setSubmitError(errorText(caught, t('errors.submitFailed')))
      setPhase('ready')
    }
  }, [audio, choices, client, cost, estimate, file, onCreated, t])

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
    canSubmit: phase === 'ready' && estimate !== null,
  }
}

export type RecordingFlow = ReturnType<typeof useRecordingFlow>
