'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useReducer, useRef, type SetStateAction } from 'react'
import { errorText } from '@/lib/client/api'
import { ExtractionError, extractAudio } from '@/lib/client/media/extract-audio'
import { checkMediaFile, clockTime } from '@/lib/client/media/media-file'
import { formatBytes } from '@/lib/client/task-helpers'
import { getPoints } from '@/lib/client/points'
import { invalidateAfterCreate, type Task, type TranslationService } from '@/lib/client/tasks'
import { createTranscription, estimateRecording, isShortOfPoints, type AudioEstimate } from '@/lib/client/transcribe'
import { idleSubmission, reduceSubmission, type Submission, type SubmissionAction } from './submission-state'

/**
 * A recording in the upload dialog (issue 22): opened and its sound extracted in the browser, the
 * small audio uploaded once with the estimate, then transcribed (and translated) on submit.
 */
export type RecordingPhase = 'idle' | 'extracting' | 'uploading' | 'ready' | 'checking' | 'creating'

/** `target` empty: transcribe only; otherwise transcribe and translate into it in one go, with a subtitle file's translation options. */
export type RecordingChoices = { source: string; target: string; service: TranslationService; includeOriginal: boolean; useMemory: boolean; review: boolean }

type State = Submission<RecordingChoices> & {
  phase: RecordingPhase
  file: File | null
  /** Why the picked recording cannot be used (shown in place of its estimate). */
  error: string | null
  /** The recording's length: as its container says while the sound is extracted, then as decoded. */
  durationMs: number | null
  extractPct: number
  audio: Blob | null
  estimate: AudioEstimate | null
}

type Action =
  | SubmissionAction<RecordingChoices>
  | { type: 'cleared' }
  | { type: 'chosen'; file: File; problem: string | null }
  | { type: 'duration'; ms: number }
  | { type: 'extractProgress'; fraction: number }
  | { type: 'extracted'; audio: Blob }
  | { type: 'uploadProgress'; fraction: number }
  | { type: 'estimated'; estimate: AudioEstimate }
  | { type: 'unusable'; message: string }
  | { type: 'submitting'; phase: 'checking' | 'creating' }

const initial = (choices: RecordingChoices): State => ({ ...idleSubmission(choices), phase: 'idle', file: null, error: null, durationMs: null, extractPct: 0, audio: null, estimate: null })

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'cleared':
      return initial(state.choices)
    case 'chosen':
      // A file refused before it is opened stays idle, its problem shown.
      return { ...initial(state.choices), file: action.file, error: action.problem, phase: action.problem ? 'idle' : 'extracting' }
    case 'duration':
      return { ...state, durationMs: action.ms }
    case 'extractProgress':
      return { ...state, extractPct: Math.floor(action.fraction * 100) }
    case 'extracted':
      return { ...state, audio: action.audio, phase: 'uploading' }
    case 'uploadProgress':
      return { ...state, uploadPct: Math.floor(action.fraction * 100) }
    case 'estimated':
      return { ...state, estimate: action.estimate, durationMs: action.estimate.durationMs, phase: 'ready' }
    case 'unusable':
      return { ...state, error: action.message, phase: 'idle' }
    case 'submitting':
      return { ...state, phase: action.phase, ...(action.phase === 'checking' ? { submitError: null } : {}) }
    case 'short':
    case 'failed':
      return { ...state, ...reduceSubmission(state, action), phase: 'ready' }
    default:
      return { ...state, ...reduceSubmission(state, action) }
  }
}

/**
 * State of a recording in the upload dialog, a reducer of the same shape as the subtitle files'
 * (use-upload-flow.ts): idle → extracting → uploading (the estimate) → ready → checking → creating.
 */
export function useRecordingFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (tasks: Task[]) => void }) {
  const t = useTranslations('upload.recording')
  const client = useQueryClient()
  const [state, dispatch] = useReducer(reduce, canUseGoogle, (google) => initial({ source: 'auto', target: '', service: google ? 'google' : 'deepseek', includeOriginal: false, useMemory: true, review: false }))
  const working = useRef<AbortController | null>(null)
  const { phase, file, audio, estimate, choices } = state

  const clear = useCallback(() => {
    working.current?.abort()
    working.current = null
    dispatch({ type: 'cleared' })
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
      working.current?.abort()
      working.current = null
      const problem = checkMediaFile(chosen)
      dispatch({ type: 'chosen', file: chosen, problem: problem ? t(`errors.${problem}`) : null })
      if (problem) return
      const controller = new AbortController()
      working.current = controller
      try {
        const extracted = await extractAudio(chosen, { signal: controller.signal, onDuration: (ms) => dispatch({ type: 'duration', ms }), onProgress: (fraction) => dispatch({ type: 'extractProgress', fraction }) })
        if (controller.signal.aborted) return
        dispatch({ type: 'extracted', audio: extracted.audio })
        // The task is named after the recording, so it is listed and exported under the video's name.
        const result = await estimateRecording(extracted.audio, chosen.name, { signal: controller.signal, onProgress: (fraction) => dispatch({ type: 'uploadProgress', fraction }) })
        if (controller.signal.aborted) return
        dispatch({ type: 'estimated', estimate: result })
      } catch (caught) {
        if (controller.signal.aborted) return
        dispatch({ type: 'unusable', message: caught instanceof ExtractionError ? extractionMessage(caught) : errorText(caught, t('errors.uploadFailed')) })
      }
    },
    [extractionMessage, t],
  )

  // The review pass (DeepSeek) adds its price to a translated recording, as to a subtitle file.
  const hasReview = Boolean(choices.target) && choices.review && choices.service === 'deepseek'
  const cost = estimate ? (choices.target ? estimate.costs.transcribeAndTranslate + (hasReview ? estimate.reviewCost : 0) : estimate.costs.transcribe) : 0

  const submit = useCallback(async () => {
    if (!file || !audio || !estimate) return
    dispatch({ type: 'submitting', phase: 'checking' })
    // The server reserves the points anyway; a failed balance lookup only skips the early warning.
    const balance = await getPoints().catch(() => null)
    if (balance !== null && balance < cost) return dispatch({ type: 'short', shortfall: { need: cost, have: balance } })
    dispatch({ type: 'submitting', phase: 'creating' })
    try {
      const task = await createTranscription({
        audio,
        fileName: file.name,
        uploadId: estimate.uploadId,
        sourceLanguage: choices.source,
        targetLanguage: choices.target,
        service: choices.service,
        includeOriginalText: choices.includeOriginal,
        useMemory: choices.useMemory,
        review: hasReview,
      })
      invalidateAfterCreate(client)
      onCreated([task])
    } catch (caught) {
      const shortfall = isShortOfPoints(caught) ? { need: cost, have: (await getPoints().catch(() => 0)) ?? 0 } : undefined
      dispatch({ type: 'failed', message: errorText(caught, t('errors.submitFailed')), shortfall })
    }
  }, [audio, choices, client, cost, estimate, file, hasReview, onCreated, t])

  return {
    phase,
    /** Whether a recording (rather than subtitle files) is in the dialog. */
    isActive: file !== null,
    file,
    error: state.error,
    submitError: state.submitError,
    durationMs: state.durationMs,
    extractPct: state.extractPct,
    uploadPct: state.uploadPct,
    estimate,
    cost,
    hasReview,
    choices,
    setChoices: (next: SetStateAction<RecordingChoices>) => dispatch({ type: 'choices', choices: next }),
    shortfall: state.shortfall,
    dismissShortfall: () => dispatch({ type: 'dismissShortfall' }),
    choose,
    clear,
    submit,
    isBusy: phase === 'extracting' || phase === 'uploading',
    isSubmitting: phase === 'checking' || phase === 'creating',
    canSubmit: phase === 'ready' && estimate !== null,
  }
}

export type RecordingFlow = ReturnType<typeof useRecordingFlow>
