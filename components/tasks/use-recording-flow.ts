'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useReducer, useRef, type SetStateAction } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/lib/client/api'
import { listGlossary } from '@/lib/client/glossary'
import { clockTime, ExtractionError, isShortOfPoints, startRecording, type Recording, type RecordingEstimate } from '@/lib/client/recording'
import { formatBytes } from '@/lib/client/task-helpers'
import { getPoints } from '@/lib/client/points'
import { invalidateAfterCreate, type Task, type TranslationService } from '@/lib/client/tasks'
import { keepRecordingPeaks } from '@/lib/client/timeline/recording-peaks'
import { idleSubmission, reduceSubmission, type Submission, type SubmissionAction } from './submission-state'

/**
 * A recording in the upload dialog: its sound taken out by workers and uploaded
 * while it is made, priced from the length the file states; the task can be created at once and
 * is transcribed while the sound arrives. A browser that cannot take the sound out sends the file
 * whole (when it is small enough), estimated by the server.
 */
export type RecordingPhase = 'idle' | 'extracting' | 'uploading' | 'ready' | 'checking' | 'creating'

/** `target` empty: transcribe only; otherwise transcribe and translate into it in one go, with a subtitle file's translation options. */
export type RecordingChoices = { source: string; target: string; service: TranslationService; includeOriginal: boolean; useMemory: boolean; review: boolean }

type State = Submission<RecordingChoices> & {
  phase: RecordingPhase
  file: File | null
  /** Why the picked recording cannot be used (shown in place of its estimate). */
  error: string | null
  /** The recording's length as its container says (or, sent whole, as the server decoded it). */
  durationMs: number | null
  estimate: RecordingEstimate | null
}

type Action =
  | SubmissionAction<RecordingChoices>
  | { type: 'cleared' }
  | { type: 'chosen'; file: File; problem: string | null }
  | { type: 'estimated'; estimate: RecordingEstimate; phase: 'extracting' | 'ready' }
  | { type: 'glossary'; counts: Record<string, number> }
  | { type: 'sendingWhole' }
  | { type: 'uploadProgress'; fraction: number }
  | { type: 'extracted' }
  | { type: 'unusable'; message: string }
  | { type: 'submitting'; phase: 'checking' | 'creating' }
  | { type: 'back'; phase: RecordingPhase }

const initial = (choices: RecordingChoices): State => ({ ...idleSubmission(choices), phase: 'idle', file: null, error: null, durationMs: null, estimate: null })

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'cleared':
      return initial(state.choices)
    case 'chosen':
      // A file refused before it is opened stays idle, its problem shown.
      return { ...initial(state.choices), file: action.file, error: action.problem, phase: action.problem ? 'idle' : 'extracting' }
    case 'estimated':
      return { ...state, estimate: action.estimate, durationMs: action.estimate.durationMs, phase: action.phase }
    case 'glossary':
      return state.estimate ? { ...state, estimate: { ...state.estimate, glossary: action.counts } } : state
    case 'sendingWhole':
      return { ...state, phase: 'uploading' }
    case 'uploadProgress':
      return { ...state, uploadPct: Math.floor(action.fraction * 100) }
    case 'extracted':
      return state.phase === 'extracting' ? { ...state, phase: 'ready' } : state
    case 'unusable':
      return { ...state, error: action.message, phase: 'idle' }
    case 'submitting':
      return { ...state, phase: action.phase, ...(action.phase === 'checking' ? { submitError: null } : {}) }
    case 'back':
      return { ...state, phase: action.phase }
    case 'short':
    case 'failed':
      return { ...state, ...reduceSubmission(state, action) }
    default:
      return { ...state, ...reduceSubmission(state, action) }
  }
}

const glossaryCounts = async () => {
  const counts: Record<string, number> = {}
  for (const entry of await listGlossary('')) counts[entry.targetLanguage] = (counts[entry.targetLanguage] ?? 0) + 1
  return counts
}

/**
 * State of a recording in the upload dialog, a reducer of the same shape as the subtitle files'
 * (use-upload-flow.ts): idle → extracting (the sound going up as it is taken out; the task can be
 * created already) → ready → checking → creating; a file sent whole goes through uploading.
 */
export function useRecordingFlow({ canUseGoogle, onCreated }: { canUseGoogle: boolean; onCreated: (tasks: Task[]) => void }) {
  const t = useTranslations('upload.recording')
  const client = useQueryClient()
  const [state, dispatch] = useReducer(reduce, canUseGoogle, (google) => initial({ source: 'auto', target: '', service: google ? 'google' : 'deepseek', includeOriginal: false, useMemory: true, review: false }))
  const working = useRef<AbortController | null>(null)
  const session = useRef<Recording | null>(null)
  const { phase, file, estimate, choices } = state

  // The bars read the session's own counters themselves (recording-bars.tsx): a progress kept in
  // this state would render the whole dialog, its selects included, four times a second while the
  // workers hold both cores, and the page would stall while they work.
  const readProgress = useCallback(() => session.current?.progress() ?? null, [])

  const clear = useCallback(() => {
    // Before a task took it, a recording's parts are dropped with the dialog.
    working.current?.abort()
    session.current?.abandon()
    working.current = null
    session.current = null
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
      clear()
      const controller = new AbortController()
      const start = startRecording(chosen, {
        signal: controller.signal,
        onSendingWhole: () => dispatch({ type: 'sendingWhole' }),
        onUploadProgress: (fraction) => dispatch({ type: 'uploadProgress', fraction }),
      })
      dispatch({ type: 'chosen', file: chosen, problem: start.problem ? t(`errors.${start.problem}`) : null })
      if (!start.started) return
      working.current = controller
      try {
        const started = await start.started
        if (controller.signal.aborted) return started.abandon()
        session.current = started
        dispatch({ type: 'estimated', estimate: started.estimate, phase: started.isWhole ? 'ready' : 'extracting' })
        if (started.isWhole) return
        void glossaryCounts().then((counts) => working.current === controller && dispatch({ type: 'glossary', counts })).catch(() => {})
        await started.extracted
        if (working.current === controller) dispatch({ type: 'extracted' })
      } catch (caught) {
        if (controller.signal.aborted || working.current !== controller) return
        dispatch({ type: 'unusable', message: caught instanceof ExtractionError ? extractionMessage(caught) : errorText(caught, t('errors.uploadFailed')) })
      }
    },
    [clear, extractionMessage, t],
  )

  // The review pass (DeepSeek) adds its price to a translated recording, as to a subtitle file.
  const hasReview = Boolean(choices.target) && choices.review && choices.service === 'deepseek'
  const cost = estimate ? (choices.target ? estimate.costs.transcribeAndTranslate + (hasReview ? estimate.reviewCost : 0) : estimate.costs.transcribe) : 0

  const submit = useCallback(async () => {
    if (!file || !estimate) return
    const before = phase
    dispatch({ type: 'submitting', phase: 'checking' })
    // The server reserves the points anyway; a failed balance lookup only skips the early warning.
    const balance = await getPoints().catch(() => null)
    if (balance !== null && balance < cost) {
      dispatch({ type: 'short', shortfall: { need: cost, have: balance } })
      return dispatch({ type: 'back', phase: before })
    }
    dispatch({ type: 'submitting', phase: 'creating' })
    const picked = { sourceLanguage: choices.source, targetLanguage: choices.target, service: choices.service, includeOriginalText: choices.includeOriginal, useMemory: choices.useMemory, review: hasReview }
    try {
      const running = session.current!
      const task = await running.submit(picked)
      // The task has the parts now: the dialog may close, the sound keeps going up.
      if (running.peaks) {
        working.current = null
        session.current = null
        running.uploaded.catch(() => toast.error(t('errors.uploadFailed')))
        void keepRecordingPeaks(client, task.id, { extracted: running.extracted, durationMs: running.durationMs, peaks: running.peaks })
      }
      invalidateAfterCreate(client)
      onCreated([task])
    } catch (caught) {
      const shortfall = isShortOfPoints(caught) ? { need: cost, have: (await getPoints().catch(() => 0)) ?? 0 } : undefined
      dispatch({ type: 'failed', message: errorText(caught, t('errors.submitFailed')), shortfall })
      dispatch({ type: 'back', phase: before })
    }
  }, [choices, client, cost, estimate, file, hasReview, onCreated, phase, t])

  return {
    phase,
    /** Whether a recording (rather than subtitle files) is in the dialog. */
    isActive: file !== null,
    file,
    error: state.error,
    submitError: state.submitError,
    durationMs: state.durationMs,
    /** A file sent whole: how far its upload is (a recording's bars read `readProgress`). */
    uploadPct: state.uploadPct,
    readProgress,
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
    canSubmit: (phase === 'ready' || phase === 'extracting') && estimate !== null,
  }
}

export type RecordingFlow = ReturnType<typeof useRecordingFlow>
