import { z } from 'zod'
import { isTargetLanguage } from '@/lib/languages/languages'
import { CODEC_PADDING_MS, MAX_AUDIO_BYTES, MAX_AUDIO_MS } from '@/lib/transcribe/universal/limits'
import { flag, onUnlessFalse, sourceLanguageField } from '../schemas'

/**
 * The text fields of `POST /api/tasks/transcribe` (multipart, beside the `file`, or alone with the
 * `uploadId` an audio estimate answered). No target language: a transcript only.
 */
export const transcribeFields = z.object({
  sourceLanguage: sourceLanguageField,
  targetLanguage: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isTargetLanguage(v), 'targetLanguageInvalid'),
  /** The translation service when a target language is chosen (as for `POST /api/tasks`); default deepseek. */
  service: z.string().trim().max(32).optional(),
  includeOriginalText: flag,
  /** With a target language, as for a subtitle file: reuse the translation memory (on unless `false`) and the review pass (DeepSeek only). */
  useMemory: onUnlessFalse,
  review: flag,
  /** An audio estimate's `uploadId`: the recording it kept, sent instead of the file. */
  uploadId: z.string().trim().max(64).optional(),
  /**
   * The recording's parts uploaded with tus (`POST /api/uploads`), comma-separated in their order:
   * transcribed while they still arrive, instead of a file. `durationMs` is then required.
   */
  parts: z
    .string()
    .trim()
    .max(400)
    .optional()
    .transform((v) => (v ? v.split(',').map((id) => id.trim()) : undefined))
    .refine((v) => v === undefined || (v.length >= 1 && v.length <= 16 && v.every((id) => /^[A-Za-z0-9_-]{24}$/.test(id))), 'audioPartsInvalid'),
  /** The recording's length as the browser read it: the price reserved until the server has decoded it all. */
  durationMs: z.coerce.number().int().min(1).max(MAX_AUDIO_MS + CODEC_PADDING_MS).optional(),
})

/** The checked fields; `useMemory` (then on) and `review` (then off) may be left out by callers in code. */
export type TranscribeFields = Omit<z.infer<typeof transcribeFields>, 'useMemory' | 'review'> & { useMemory?: boolean; review?: boolean }

/** `POST /api/tasks/transcribe/estimate` (multipart, beside the `file`): only the optional target language matters to the price. */
export const audioEstimateFields = transcribeFields.pick({ targetLanguage: true, sourceLanguage: true })

/** What the upload dialog shows for a recording before transcribing it. */
export const audioEstimateSchema = z.object({
  /** The recording as kept for a day; `POST /api/tasks/transcribe` takes it instead of the file. */
  uploadId: z.string(),
  kind: z.literal('transcription'),
  /** How long the recording decodes to on the server, never what the browser or the file's header said. */
  durationMs: z.number().int(),
  /** The minutes billed: each started one, the codec's second of padding allowed (a 2:00 recording is 2). */
  minutes: z.number().int(),
  format: z.string(),
  codec: z.string(),
  /** Points: 10 per started minute, 20 with a target language (docs/billing.md). */
  cost: z.number().int(),
  /** Transcription alone, and with translation, so the dialog can show both choices. */
  costs: z.object({ transcribe: z.number().int(), transcribeAndTranslate: z.number().int() }),
  /** Points the review pass adds to a translated recording: 5 per started minute, as for a subtitle file (docs/billing.md). */
  reviewCost: z.number().int(),
  /** The user's glossary entries per target language: they go with the translation as with a subtitle file's. */
  glossary: z.record(z.string(), z.number().int()),
  /** Chunks the recording will be cut into, and a rough time to finish. */
  chunks: z.number().int(),
  estimatedMs: z.number().int(),
})

export type AudioEstimate = z.infer<typeof audioEstimateSchema>

/** The recording routes' body cap for route(): the file's 200 MB plus room for the form around it (413 past it, from the declared length before reading). */
export const AUDIO_BODY_LIMIT = { bytes: MAX_AUDIO_BYTES + 1024 * 1024, tooLarge: 'audioTooLarge' } as const

/** What both recording routes tell route() of their upload: the file streamed to disk (200 MB at most) and the body cap around it. */
export const RECORDING_UPLOAD = { streamFile: { maxBytes: MAX_AUDIO_BYTES }, bodyLimit: AUDIO_BODY_LIMIT } as const
