'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useRef, useState } from 'react'
import { ApiError, errorText } from '@/lib/client/api'
import { checkSrtFile } from '@/lib/client/task-helpers'
import { createTask, createTaskBatch, estimateFile, getPoints, taskKeys, type Estimate, type Task, type TranslationService } from '@/lib/client/tasks'
import type { Shortfall } from './insufficient-points-dialog'
import type { UploadChoices } from './upload-options'

const CHOICES_KEY = 'subtitle-studio.upload-choices'

/** Remembered target and service: people translate into the same language file after file. */
function rememberedChoices(canUseGoogle: boolean): UploadChoices {
  const fallback: UploadChoices = { source: 'auto', target: '', extraTargets: [], service: canUseGoogle ? 'google' : 'deepseek', includeOriginal: false, useMemory: true, review: false }
  try {
    const saved = JSON.parse(localStorage.getItem(CHOICES_KEY) ?? 'null') as Partial<UploadChoices> | null
    if (!saved) return fallback
    const service: TranslationService = saved.service === 'google' && canUseGoogle ? 'google' : saved.service === 'deepseek' ? 'deepseek' : fallback.service
    return { ...fallback, target: typeof saved.target === 'string' ? saved.target : '', service, includeOriginal: saved.includeOriginal === true, useMemory: saved.useMemory !== false, review: saved.review === true && service === 'deepseek' }
  } catch {
    return fallback
  }
}

export type UploadPhase = 'idle' | 'estimating' | 'ready' | 'checking' | 'uploading' | 'creating'

/** One chosen file of a batch: its estimate once read, or the problem that keeps it out. */
export type ChosenFile = { file: File; estimate: Estimate | null; error: string | null }

/** Up to 20 files and 5 target languages in one go (POST /api/tasks/batch). */
export const MAX_FILES = 20
export const MAX_TARGETS = 5

/** The target languages of the choices: the main one first, then the extra ones, no repeats. */
export function targetsOf(choices: UploadChoices): string[] {
  return [...new Set([choices.target, ...choices.extraTargets].filter(Boolean))].slice(0, MAX_TARGETS)
}

/**
 * State of the upload dialog (docs/product.md, Uploads): idle → file chosen and estimated → submitting with
 * progress → done. Client checks run before any request; server messages are kept for display.
 */
export function useUploadFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (tasks: Task[]) => void }) {
  const t = useTranslations('upload')
  const client = useQueryClient()
  const [phase, setPhase] = useState<UploadPhase>('idle')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [estimate, setEstimate] = useState<Estimate | null>(null)
  // Two files or more: each with its own estimate (the single-file fields above stay unused).
  const [batch, setBatch] = useState<ChosenFile[]>([])
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
    setBatch([])
    setSubmitError(null)
    setUploadPct(0)
    setShortfall(null)
    setChoices(rememberedChoices(canUseGoogle))
  }, [canUseGoogle])

  const chooseFile = useCallback(
    async (chosen: File) => {
      estimating.current?.abort()
      setBatch([])
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

  /** Several files: each is checked and estimated on its own; one bad file is shown, not fatal to the others. */
  const chooseFiles = useCallback(
    async (chosen: File[]) => {
      if (chosen.length === 1) return chooseFile(chosen[0])
      estimating.current?.abort()
      const controller = new AbortController()
      estimating.current = controller
      const picked = chosen.slice(0, MAX_FILES)
      const entries: ChosenFile[] = picked.map((f) => {
        const problem = checkSrtFile(f)
        return { file: f, estimate: null, error: problem ? t(`errors.${problem}`) : null }
      })
      setFile(null)
      setFileError(chosen.length > MAX_FILES ? t('batch.tooManyFiles', { max: MAX_FILES }) : null)
      setEstimate(null)
      setSubmitError(null)
      setBatch(entries)
      setPhase('estimating')
      const results = await Promise.all(
        entries.map(async (entry) => {
          if (entry.error) return entry
          try {
            return { ...entry, estimate: await estimateFile(entry.file, controller.signal) }
          } catch (error) {
            return { ...entry, error: errorText(error, t('errors.estimateFailed')) }
          }
        }),
      )
      if (controller.signal.aborted) return
      setBatch(results)
      setPhase('ready')
    },
    [chooseFile, t],
  )

  const targets = targetsOf(choices)
  const isBatch = batch.length > 1 || targets.length > 1
  // The review pass (DeepSeek only) is priced with the translation.
  const withReview = choices.review && choices.service === 'deepseek'
  const costOf = (e: Estimate | null) => (e ? e.cost + (withReview ? e.reviewCost : 0) : 0)
  // What the review pass adds over every file and language, for the option's label.
  const priced = batch.length > 1 ? batch.filter((entry) => !entry.error).map((entry) => entry.estimate) : [estimate]
  const reviewCost = priced.length > 0 && priced.every(Boolean) ? priced.reduce((sum, e) => sum + (e?.reviewCost ?? 0), 0) * Math.max(1, targets.length) : null
  const batchCost = (batch.length > 1 ? batch.reduce((sum, entry) => sum + costOf(entry.estimate), 0) : costOf(estimate)) * targets.length
  const isBatchReady = batch.length > 1 ? batch.every((entry) => entry.estimate && !entry.error) : Boolean(estimate)

  const submitBatch = useCallback(async () => {
    const files = batch.length > 1 ? batch.map((entry) => entry.file) : file ? [file] : []
    const uploadIds = (batch.length > 1 ? batch.map((entry) => entry.estimate?.uploadId) : [estimate?.uploadId]).filter((id): id is string => Boolean(id))
    if (files.length === 0 || targets.length === 0) return
    setSubmitError(null)
    if (batchCost > 0) {
      setPhase('checking')
      const balance = await getPoints().catch(() => null)
      if (balance !== null && balance < batchCost) {
        setShortfall({ need: batchCost, have: balance, isTotal: true })
        setPhase('ready')
        return
      }
    }
    setPhase('uploading')
    setUploadPct(0)
    try {
      const { tasks } = await createTaskBatch(
        { files, uploadIds, targetLanguages: targets, sourceLanguage: choices.source, service: choices.service, includeOriginalText: choices.includeOriginal, useMemory: choices.useMemory, review: choices.review && choices.service === 'deepseek' },
        (fraction) => {
          setUploadPct(Math.round(fraction * 100))
          if (fraction >= 1) setPhase('creating')
        },
      )
      client.invalidateQueries({ queryKey: taskKeys.all })
      client.invalidateQueries({ queryKey: taskKeys.points })
      onCreated(tasks)
    } catch (error) {
      if (error instanceof ApiError && error.code === 40200) setShortfall({ need: batchCost, have: (await getPoints().catch(() => 0)) ?? 0, isTotal: true })
      setSubmitError(errorText(error, t('errors.submitFailed')))
      setPhase('ready')
    }
  }, [batch, batchCost, choices, client, estimate, file, onCreated, t, targets])

  const submitOne = useCallback(async () => {
    if (!file || !estimate || !choices.target) return
    setSubmitError(null)
    const cost = estimate.cost + (choices.review && choices.service === 'deepseek' ? estimate.reviewCost : 0)
    if (cost > 0) {
      setPhase('checking')
      // The server reserves the points anyway; a failed balance lookup only skips the early warning.
      const balance = await getPoints().catch(() => null)
      if (balance !== null && balance < cost) {
        setShortfall({ need: cost, have: balance })
        setPhase('ready')
        return
      }
    }
    setPhase('uploading')
    setUploadPct(0)
    try {
      const task = await createTask(
        { file, uploadId: estimate.uploadId, sourceLanguage: choices.source, targetLanguage: choices.target, service: choices.service, includeOriginalText: choices.includeOriginal, useMemory: choices.useMemory, review: choices.review && choices.service === 'deepseek' },
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
      onCreated([task])
    } catch (error) {
      if (error instanceof ApiError && error.code === 40200) setShortfall({ need: cost, have: (await getPoints().catch(() => 0)) ?? 0 })
      setSubmitError(errorText(error, t('errors.submitFailed')))
      setPhase('ready')
    }
  }, [choices, client, estimate, file, onCreated, t])

  const isSubmitting = phase === 'checking' || phase === 'uploading' || phase === 'creating'
  return {
    phase,
    batch,
    targets,
    isBatch,
    batchCost,
    reviewCost,
    chooseFiles,
    clearFiles: () => {
      estimating.current?.abort()
      setBatch([])
      setFile(null)
      setFileError(null)
      setEstimate(null)
      setPhase('idle')
    },
    file,
    fileError,
    estimate,
    submitError,
    uploadPct,
    shortfall,
    choices,
    setChoices,
    chooseFile,
    submit: isBatch ? submitBatch : submitOne,
    reset,
    dismissShortfall: () => setShortfall(null),
    isSubmitting,
    canSubmit: phase === 'ready' && Boolean(choices.target) && isBatchReady,
  }
}
