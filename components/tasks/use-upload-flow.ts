'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useReducer, useRef, type SetStateAction } from 'react'
import { errorText, isApiError } from '@/lib/client/api'
import { checkSrtFile } from '@/lib/client/task-helpers'
import { getPoints } from '@/lib/client/points'
import { createTask, createTaskBatch, estimateFile, invalidateAfterCreate, type Estimate, type Task, type TranslationService } from '@/lib/client/tasks'
import type { Shortfall } from './insufficient-points-dialog'
import { idleSubmission, reduceSubmission, type Submission, type SubmissionAction } from './submission-state'
import type { UploadChoices } from './upload-options'

const CHOICES_KEY = 'subtitle-studio.upload-choices'

/** Remembered target and service: people translate into the same language file after file. */
function rememberedChoices(canUseGoogle: boolean): UploadChoices {
  const fallback: UploadChoices = { source: 'auto', target: '', extraTargets: [], service: canUseGoogle ? 'google' : 'deepseek', includeOriginal: false, useMemory: true }
  try {
    const saved = JSON.parse(localStorage.getItem(CHOICES_KEY) ?? 'null') as Partial<UploadChoices> | null
    if (!saved) return fallback
    const service: TranslationService = saved.service === 'google' && canUseGoogle ? 'google' : saved.service === 'deepseek' ? 'deepseek' : fallback.service
    return { ...fallback, target: typeof saved.target === 'string' ? saved.target : '', service, includeOriginal: saved.includeOriginal === true }
  } catch {
    return fallback
  }
}

/** Keeps the choices of a submitted upload (one file or many) for the next one. */
function rememberChoices(choices: UploadChoices) {
  try {
    localStorage.setItem(CHOICES_KEY, JSON.stringify({ target: choices.target, service: choices.service, includeOriginal: choices.includeOriginal }))
  } catch {
    // private mode: nothing to remember
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

type State = Submission<UploadChoices> & {
  phase: UploadPhase
  /** The chosen files: one file is a batch of one. */
  files: ChosenFile[]
  /** A problem of the choice as a whole (too many files). */
  listError: string | null
}

type Action =
  | SubmissionAction<UploadChoices>
  | { type: 'reset'; choices: UploadChoices }
  | { type: 'chosen'; files: ChosenFile[]; listError: string | null }
  | { type: 'estimated'; files: ChosenFile[] }
  | { type: 'cleared' }
  | { type: 'submitting'; phase: 'checking' | 'uploading' | 'creating' }
  | { type: 'progress'; fraction: number }

const initial = (choices: UploadChoices): State => ({ ...idleSubmission(choices), phase: 'idle', files: [], listError: null })

/** A lone file that cannot be used leaves the dialog idle; a batch is ready, its bad files shown. */
const settledPhase = (files: ChosenFile[]): UploadPhase => (files.length === 1 && files[0].error ? 'idle' : 'ready')

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'reset':
      return initial(action.choices)
    case 'chosen': {
      const needsEstimate = action.files.some((entry) => !entry.error)
      return { ...state, files: action.files, listError: action.listError, submitError: null, phase: needsEstimate ? 'estimating' : settledPhase(action.files) }
    }
    case 'estimated':
      return { ...state, files: action.files, phase: settledPhase(action.files) }
    case 'cleared':
      return { ...state, files: [], listError: null, phase: 'idle' }
    case 'submitting':
      return { ...state, phase: action.phase, submitError: null, ...(action.phase === 'uploading' ? { uploadPct: 0 } : {}) }
    case 'progress':
      // Every byte sent: the server is creating the tasks now.
      return { ...state, uploadPct: Math.round(action.fraction * 100), phase: action.fraction >= 1 ? 'creating' : state.phase }
    case 'short':
    case 'failed':
      return { ...state, ...reduceSubmission(state, action), phase: 'ready' }
    default:
      return { ...state, ...reduceSubmission(state, action) }
  }
}

/**
 * State of the upload dialog (docs/product.md, Uploads): idle → files chosen and estimated →
 * submitting with progress → done. One file is a batch of one: every file is checked and estimated
 * on its own, and one bad file of many is shown, not fatal to the others. Client checks run before
 * any request; server messages are kept for display; the choices of any submitted upload are
 * remembered for the next one.
 */
export function useUploadFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (tasks: Task[]) => void }) {
  const t = useTranslations('upload')
  const client = useQueryClient()
  const [state, dispatch] = useReducer(reduce, canUseGoogle, (google) => initial(rememberedChoices(google)))
  const estimating = useRef<AbortController | null>(null)
  const { phase, files, choices } = state

  const reset = useCallback(() => {
    estimating.current?.abort()
    dispatch({ type: 'reset', choices: rememberedChoices(canUseGoogle) })
  }, [canUseGoogle])

  const chooseFiles = useCallback(
    async (chosen: File[]) => {
      estimating.current?.abort()
      const controller = new AbortController()
      estimating.current = controller
      const entries: ChosenFile[] = chosen.slice(0, MAX_FILES).map((file) => {
        const problem = checkSrtFile(file)
        return { file, estimate: null, error: problem ? t(`errors.${problem}`) : null }
      })
      dispatch({ type: 'chosen', files: entries, listError: chosen.length > MAX_FILES ? t('batch.tooManyFiles', { max: MAX_FILES }) : null })
      if (entries.every((entry) => entry.error)) return
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
      dispatch({ type: 'estimated', files: results })
    },
    [t],
  )
  const chooseFile = useCallback((file: File) => chooseFiles([file]), [chooseFiles])

  const targets = targetsOf(choices)
  const isBatch = files.length > 1 || targets.length > 1
  // The review pass is DeepSeek's: its price is added to every task while that service is chosen.
  const hasReview = Boolean(choices.review) && choices.service === 'deepseek'
  const reviewCost = files.reduce((sum, entry) => sum + (entry.estimate?.reviewCost ?? 0), 0) * targets.length
  const cost = files.reduce((sum, entry) => sum + (entry.estimate?.cost ?? 0), 0)
  const batchCost = cost * targets.length + (hasReview ? reviewCost : 0)
  const isReady = files.length > 0 && files.every((entry) => entry.estimate && !entry.error)

  const submit = useCallback(async () => {
    if (!isReady || targets.length === 0) return
    // The whole batch's cost, or one file's into one language (then the shortfall is not a total).
    const need = batchCost
    const shortOf = (have: number): Shortfall => (isBatch ? { need, have, isTotal: true } : { need, have })
    if (need > 0) {
      dispatch({ type: 'submitting', phase: 'checking' })
      // The server reserves the points anyway; a failed balance lookup only skips the early warning.
      const balance = await getPoints().catch(() => null)
      if (balance !== null && balance < need) return dispatch({ type: 'short', shortfall: shortOf(balance) })
    }
    dispatch({ type: 'submitting', phase: 'uploading' })
    const onProgress = (fraction: number) => dispatch({ type: 'progress', fraction })
    const common = { sourceLanguage: choices.source, service: choices.service, includeOriginalText: choices.includeOriginal, useMemory: choices.useMemory, review: hasReview }
    try {
      const created = isBatch
        ? (await createTaskBatch({ ...common, files: files.map((entry) => entry.file), uploadIds: files.map((entry) => entry.estimate!.uploadId).filter((id): id is string => Boolean(id)), targetLanguages: targets }, onProgress)).tasks
        : [await createTask({ ...common, file: files[0].file, uploadId: files[0].estimate!.uploadId, targetLanguage: targets[0] }, onProgress)]
      rememberChoices(choices)
      invalidateAfterCreate(client)
      onCreated(created)
    } catch (error) {
      const shortfall = isApiError(error, 'insufficient_points') ? shortOf((await getPoints().catch(() => 0)) ?? 0) : undefined
      dispatch({ type: 'failed', message: errorText(error, t('errors.submitFailed')), shortfall })
    }
  }, [batchCost, choices, client, files, hasReview, isBatch, isReady, onCreated, t, targets])

  const lone = files.length === 1 ? files[0] : null
  return {
    phase,
    /** Two files or more, each with its own estimate (empty for one file: see `file`). */
    batch: files.length > 1 ? files : [],
    targets,
    isBatch,
    batchCost,
    /** What the review pass adds to the whole submission (shown beside the option), and whether it is on. */
    reviewCost,
    hasReview,
    /** Every chosen file has its estimate. */
    isReady,
    chooseFiles,
    clearFiles: () => {
      estimating.current?.abort()
      dispatch({ type: 'cleared' })
    },
    file: lone?.file ?? null,
    fileError: lone ? lone.error : state.listError,
    estimate: lone?.estimate ?? null,
    submitError: state.submitError,
    uploadPct: state.uploadPct,
    shortfall: state.shortfall,
    choices,
    setChoices: (next: SetStateAction<UploadChoices>) => dispatch({ type: 'choices', choices: next }),
    chooseFile,
    submit,
    reset,
    dismissShortfall: () => dispatch({ type: 'dismissShortfall' }),
    isSubmitting: phase === 'checking' || phase === 'uploading' || phase === 'creating',
    canSubmit: phase === 'ready' && Boolean(choices.target) && isReady,
  }
}
