// Browser calls for recordings (speech to subtitles): the estimate of an extracted audio track and
// the transcription task made from it. The audio is sent once: the estimate keeps it a day and
// answers its `uploadId`, which `transcribeRecording` names instead of sending it again.
import type { Task } from '@/lib/client/tasks'
import type { AudioEstimate } from '@/lib/transcribe/schemas'
import { api } from './api'

export type { AudioEstimate }

/** `POST /api/tasks/estimate?media=audio`: duration, format and cost read by the server. */
export function estimateRecording(audio: Blob, fileName: string, { targetLanguage, signal }: { targetLanguage?: string; signal?: AbortSignal } = {}) {
  const form = new FormData()
  if (targetLanguage) form.append('targetLanguage', targetLanguage)
  form.append('file', audio, fileName)
  return api<AudioEstimate>('/api/tasks/estimate?media=audio', { form, signal })
}

export type TranscribeChoice = { sourceLanguage?: string; targetLanguage?: string; service?: string; includeOriginalText?: boolean }

/** `POST /api/tasks/transcribe` with the estimate's `uploadId` (or the audio itself when it expired). */
export function transcribeRecording(source: { uploadId: string } | { audio: Blob; fileName: string }, choice: TranscribeChoice = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(choice)) if (value !== undefined && value !== '') form.append(name, String(value))
  if ('uploadId' in source) form.append('uploadId', source.uploadId)
  else form.append('file', source.audio, source.fileName)
  return api<Task>('/api/tasks/transcribe', { form })
}
