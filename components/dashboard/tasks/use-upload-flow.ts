'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useRef, useState } from 'react'
import { ApiError, errorText } from '@/lib/client/api'
import { checkSrtFile } from '@/lib/client/task-helpers'
import { createTask, estimateFile, getPoints, taskKeys, type Estimate, type Task, type TranslationService } from '@/lib/client/tasks'
import type { Shortfall } from './insufficient-points-dialog'
import type { UploadChoices } from './upload-options'

const CHOICES_KEY = 'subtitle-studio.upload-choices'

/** Remembered target and service: people translate into the same language file after file. */
function rememberedChoices(canUseGoogle: boolean): UploadChoices {
  const fallback: UploadChoices = { source: 'auto', target: '', service: canUseGoogle ? 'google' : 'deepseek', includeOriginal: false }
  try {
    const saved = JSON.parse(localStorage.getItem(CHOICES_KEY) ?? 'null') as Partial<UploadChoices> | null
    if (!saved) return fallback
    const service: TranslationService = saved.service === 'google' && canUseGoogle ? 'google' : saved.service === 'deepseek' ? 'deepseek' : fallback.service
    return { ...fallback, target: typeof saved.target === 'string' ? saved.target : '', service, includeOriginal: saved.includeOriginal === true }
  } catch {
    return fallback
  }
}

export type UploadPhase = 'idle' | 'estimating' | 'ready' | 'checking' | 'uploading' | 'creating'

/**
 * State of the upload dialog (spec section 4): idle → file chosen and estimated → submitting with
 * progress → done. Client checks run before any request; server messages are kept for display.
 */
export function useUploadFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (task: Task) => void }) {
  const t = useTranslations('upload')
  const client = useQueryClient()
  const [phase, setPhase] = useState<UploadPhase>('idle')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [estimate, setEstimate] = useState<Estimate | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [uploadPct, setUploadPct] = useState(0)
  const [shortfall, setShortfall] = useState<Shortfall | null>(null)
  const [choices, setChoices] = useState<UploadChoices>(() => rememberedChoices(canUseGoogle))
  const estimating = useRef<AbortController | null>(null)

  const reset = useCallback(() => {
    estimating.current?.abort()
    setPhase('idle')
    setFile(null)
    setFileError(null)
    setEstimate(null)
    setSubmitError(null)
    setUploadPct(0)
    setShortfall(null)
    setChoices(rememberedChoices(canUseGoogle))
  }, [canUseGoogle])

  const chooseFile = useCallback(
    async (chosen: File) => {
      estimating.current?.abort()
      setFile(chosen)
      setEstimate(null)
      setSubmitError(null)
      const problem = checkSrtFile(chosen)
      if (problem) {
        setFileError(t(`errors.${problem}`))
        setPhase('idle')
        return
      }
      setFileError(null)
      setPhase('estimating')
      const controller = new AbortController()
      estimating.current = controller
      try {
        const result = await estimateFile(chosen, controller.signal)
        if (controller.signal.aborted) return
        setEstimate(result)
        setPhase('ready')
      } catch (error) {
        if (controller.signal.aborted) return
        setFileError(errorText(error, t('errors.estimateFailed')))
        setPhase('idle')
      }
    },
    [t],
  )

  const submit = useCallback(async () => {
    if (!file || !estimate || !choices.target) return
    setSubmitError(null)
    if (estimate.cost > 0) {
      setPhase('checking')
      // The server reserves the points anyway; a failed balance lookup only skips the early warning.
      const balance = await getPoints().catch(() => null)
      if (balance !== null && balance < estimate.cost) {
        setShortfall({ need: estimate.cost, have: balance })
        setPhase('ready')
        return
      }
    }
    setPhase('uploading')
    setUploadPct(0)
    try {
      const task = await createTask(
        { file, sourceLanguage: choices.source, targetLanguage: choices.target, service: choices.service, includeOriginalText: choices.includeOriginal },
        (fraction) => {
          setUploadPct(Math.round(fraction * 100))
          if (fraction >= 1) setPhase('creating')
        },
      )
      try {
        localStorage.setItem(CHOICES_KEY, JSON.stringify({ target: choices.target, service: choices.service, includeOriginal: choices.includeOriginal }))
      } catch {
        // private mode: nothing to remember
      }
      client.invalidateQueries({ queryKey: taskKeys.all })
      client.invalidateQueries({ queryKey: taskKeys.points })
      onCreated(task)
    } catch (error) {
      if (error instanceof ApiError && error.code === 40200) setShortfall({ need: estimate.cost, have: (await getPoints().catch(() => 0)) ?? 0 })
      setSubmitError(errorText(error, t('errors.submitFailed')))
      setPhase('ready')
    }
  }, [choices, client, estimate, file, onCreated, t])

  const isSubmitting = phase === 'checking' || phase === 'uploading' || phase === 'creating'
  return {
    phase,
    file,
    fileError,
    estimate,
    submitError,
    uploadPct,
    shortfall,
    choices,
    setChoices,
    chooseFile,
    submit,
    reset,
    dismissShortfall: () => setShortfall(null),
    isSubmitting,
    canSubmit: phase === 'ready' && Boolean(estimate && choices.target),
  }
}
