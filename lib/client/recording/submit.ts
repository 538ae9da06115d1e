'use client'

import type { AudioEstimate } from '@/lib/tasks/transcription/schemas'
import { billedMinutes, transcriptionPrice } from '@/lib/transcribe/universal/cost'
import { MAX_AUDIO_MS } from '@/lib/transcribe/universal/limits'
import { liveChunkCount } from '@/lib/transcribe/universal/live-plan'
import { isApiError } from '../api'
import { ExtractionError } from './extract-audio'
import { postForm } from '../post-form'
import type { Task, TranslationService } from '../tasks'

// The recording's calls to the server, made by its session (session.ts). A browser that extracts
// the sound sends it in parts while it is taken out (upload.ts) and creates the task at once,
// naming the parts and the length it read: the server transcribes while the parts arrive, and
// settles the price on what it decoded. A browser that cannot extract sends the recording whole
// with the estimate, which keeps it a day and answers its `uploadId`.

/** What the dialog shows before anything is decoded on the server: the length the file states, and its price. */
export type RecordingEstimate = Pick<AudioEstimate, 'durationMs' | 'minutes' | 'costs' | 'reviewCost' | 'glossary' | 'chunks' | 'estimatedMs'>

/** About how long a provider takes per chunk (Whisper runs far faster than real time). */
const CHUNK_ESTIMATE_MS = 30_000

/**
 * The estimate of a recording the browser has read (its container's length): the server's own
 * rules, its length limit included (written once, lib/transcribe/universal/limits.ts): a longer
 * recording is refused before any upload (`tooLong`).
 */
export function declaredEstimate(durationMs: number): RecordingEstimate {
  if (durationMs > MAX_AUDIO_MS) throw new ExtractionError('tooLong')
  const minutes = billedMinutes(durationMs)
  const chunks = liveChunkCount(durationMs)
  return {
    durationMs,
    minutes,
    costs: { transcribe: transcriptionPrice(durationMs, { translated: false, review: false }).cost, transcribeAndTranslate: transcriptionPrice(durationMs, { translated: true, review: false }).cost },
    reviewCost: transcriptionPrice(durationMs, { translated: true, review: true }).reviewCost,
    // The glossary's entries per language are asked for beside (the dialog fills them in).
    glossary: {},
    chunks,
    estimatedMs: Math.ceil(chunks / 4) * CHUNK_ESTIMATE_MS,
  }
}

/** Sends a recording whole for its real duration and cost (the server decodes it to measure it). */
export function estimateRecording(audio: Blob, fileName: string, { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) {
  const form = new FormData()
  form.append('file', audio, fileName)
  return postForm<AudioEstimate>('/api/tasks/transcribe/estimate', form, { onProgress, signal })
}

export type TranscribeChoices = {
  /** `auto`, or the language spoken. */
  sourceLanguage: string
  /** Empty: a transcript only. Otherwise the transcript is translated into it in the same task. */
  targetLanguage: string
  service: TranslationService
  includeOriginalText: boolean
  /** As for a subtitle file: reuse the translation memory, and the review pass (DeepSeek). */
  useMemory: boolean
  review: boolean
}

function choiceFields(form: FormData, choices: TranscribeChoices) {
  form.append('sourceLanguage', choices.sourceLanguage)
  if (!choices.targetLanguage) return
  form.append('targetLanguage', choices.targetLanguage)
  form.append('service', choices.service)
  form.append('includeOriginalText', String(choices.includeOriginalText))
  form.append('useMemory', String(choices.useMemory))
  form.append('review', String(choices.review && choices.service === 'deepseek'))
}

/** Creates a transcription task from parts still uploading (and reserves the declared length's price). */
export function transcribeParts(input: { parts: string[]; durationMs: number } & TranscribeChoices): Promise<Task> {
  const form = new FormData()
  form.append('parts', input.parts.join(','))
  form.append('durationMs', String(Math.round(input.durationMs)))
  choiceFields(form, input)
  return postForm<Task>('/api/tasks/transcribe', form)
}

/** Creates a transcription task from a recording sent whole with its estimate (or again, when the kept copy expired). */
export async function createTranscription(input: { audio: Blob; fileName: string; uploadId: string } & TranscribeChoices, onProgress?: (fraction: number) => void): Promise<Task> {
  const send = (withBytes: boolean) => {
    const form = new FormData()
    if (withBytes) form.append('file', input.audio, input.fileName)
    else form.append('uploadId', input.uploadId)
    choiceFields(form, input)
    return postForm<Task>('/api/tasks/transcribe', form, { onProgress })
  }
  try {
    return await send(false)
  } catch (error) {
    // 40400: the kept copy is gone (kept a day; the dialog stayed open longer): send the audio after all.
    if (isApiError(error, 'not_found')) return send(true)
    throw error
  }
}

/** Whether the server refused for want of points (the dialog then offers to buy some). */
export const isShortOfPoints = (error: unknown) => isApiError(error, 'insufficient_points')
