'use client'

import type { AudioEstimate } from '@/lib/tasks/transcription/schemas'
import { isApiError } from './api'
import { postForm } from './post-form'
import type { Task, TranslationService } from './tasks'

// Browser calls for recordings (speech to subtitles, issue 22): the extracted audio is sent once,
// with the estimate (upload progress shown), which keeps it a day and answers its `uploadId`; the
// transcribe call names it instead of sending it again (the audio goes again only when it expired).

export type { AudioEstimate } from '@/lib/tasks/transcription/schemas'

/** Sends a recording's extracted audio for its real duration and cost (the server decodes it to measure it). */
export function estimateRecording(audio: Blob, fileName: string, { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) {
  const form = new FormData()
  form.append('file', audio, fileName)
  return postForm<AudioEstimate>('/api/tasks/transcribe/estimate', form, { onProgress, signal })
}

export type TranscribeInput = {
  /** The extracted audio, sent again only if the server no longer keeps the estimate's copy. */
  audio: Blob
  fileName: string
  uploadId: string
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

/** Creates a transcription task (and reserves its cost); answers the task like task creation. */
export async function createTranscription(input: TranscribeInput, onProgress?: (fraction: number) => void): Promise<Task> {
  const send = (withBytes: boolean) => {
    const form = new FormData()
    if (withBytes) form.append('file', input.audio, input.fileName)
    else form.append('uploadId', input.uploadId)
    form.append('sourceLanguage', input.sourceLanguage)
    if (input.targetLanguage) {
      form.append('targetLanguage', input.targetLanguage)
      form.append('service', input.service)
      form.append('includeOriginalText', String(input.includeOriginalText))
      form.append('useMemory', String(input.useMemory))
      form.append('review', String(input.review && input.service === 'deepseek'))
    }
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
