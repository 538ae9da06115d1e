import { z } from 'zod'
import type { TaskStatus } from '@prisma/client'
import { pageSchema } from '@/lib/pagination'
import { SUBTITLE_FORMATS } from '@/lib/subtitles/format'

// What the task endpoints answer, declared once: the server builds these shapes (dto.ts), the
// route wrapper checks them in development and tests, the browser imports their types
// (lib/client/tasks.ts) and GET /api/openapi.json describes them.

// no_speech: a recording in which no speech was found ended there, its points released (not retried).
export const TASK_STATUSES = ['translating', 'completed', 'failed', 'no_speech'] as const satisfies readonly TaskStatus[]
export const TRANSLATED_BY = ['deepseek', 'google', 'mymemory', 'memory', 'repeat', 'edited', 'speech'] as const
/**
 * A translation too long for its cue (over two lines at its language's limit, or faster than its
 * reading speed): `shortened` by DeepSeek to fit, `over_shortened` shortened but still too long,
 * `over` not shortened (another service, the translation memory, or the request failed).
 */
export const SEGMENT_FITS = ['shortened', 'over_shortened', 'over'] as const

export const taskSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  originalLanguage: z.string(),
  detectedLanguage: z.string(),
  targetLanguage: z.string(),
  translationService: z.string(),
  includeOriginalText: z.boolean(),
  /** The uploaded file's format, which exports default to. */
  format: z.enum(SUBTITLE_FORMATS),
  status: z.enum(TASK_STATUSES),
  progress: z.number().int().min(0).max(100),
  cost: z.number().int().min(0),
  /** The review pass was asked for (DeepSeek); its price, part of `cost`; whether some batch went unreviewed (its price refunded). */
  review: z.boolean(),
  reviewCost: z.number().int().min(0),
  reviewIncomplete: z.boolean(),
  /** The cues-per-request override; null when batches are sized by source tokens. */
  batchSize: z.number().int().nullable(),
  submitTime: z.string(),
  translationStartTime: z.string().nullable(),
  translationEndTime: z.string().nullable(),
  translationDuration: z.number().nullable(),
  storageKey: z.string().nullable(),
  uploadError: z.string().nullable(),
  pointsError: z.string().nullable(),
  error: z.string().nullable(),
  segmentCount: z.number().int().optional(),
  /** `translation` (from a subtitle file) or `transcription` (from a recording). */
  kind: z.enum(['translation', 'transcription']),
  /**
   * A transcription in progress: `transcribing` (chunk `chunksDone` of `chunksTotal`), then
   * `translating`; null otherwise and once the task is completed or failed.
   */
  stage: z.enum(['transcribing', 'translating']).nullable(),
  chunksDone: z.number().int(),
  chunksTotal: z.number().int().nullable(),
  /** A transcription's recording: its length, and whether `GET /api/tasks/{id}/audio` serves it. */
  audioDurationMs: z.number().int().nullable(),
  hasAudio: z.boolean(),
  /** A transcription's speakers named by its creator (label → name); absent when none is named. */
  speakerNames: z.record(z.string(), z.string()).optional(),
})

/** A segment: its id (1-based index), times, duration in ms, both texts and who translated it. */
export const segmentSchema = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  originalText: z.string(),
  translatedText: z.string().nullable(),
  /** A service, `memory` (an identical line's answer reused) or `edited` by a person. */
  translatedBy: z.enum(TRANSLATED_BY).nullable(),
  /** Set when the review pass corrected the segment or it was shortened to fit: the translation it replaced (the badge's first version). */
  firstTranslation: z.string().nullable(),
  /** Set when the translation was too long for its cue: what was done about it (null or absent: it fit, or was not checked). */
  fit: z.enum(SEGMENT_FITS).nullable().optional(),
  /** Who speaks the cue (a transcription's labels, `S1`, `S2`, ...): one, or two for a dash dialogue cue; absent when unknown. */
  speakers: z.array(z.string()).optional(),
})

/**
 * A task with its segments (without them for a progress poll; only the changed ones when asked
 * with `since`, then `changedSince` repeats it). `cursor` is the `since` of the next poll.
 */
export const taskDetailSchema = taskSchema.extend({
  segments: z.array(segmentSchema).optional(),
  cursor: z.string().optional(),
  changedSince: z.string().optional(),
})

export const taskPageSchema = pageSchema(taskSchema)

/** A recurring name or term of an upload, with the cue it first occurs in (number from 1, start in ms). */
export const termSuggestionSchema = z.object({ term: z.string(), count: z.number().int(), first: z.object({ cue: z.number().int(), startMs: z.number().int() }) })

export const estimateSchema = z.object({
  /** The file as kept for the create call, which names it instead of sending it again. */
  uploadId: z.string(),
  segments: z.number().int(),
  detectedLanguage: z.string(),
  durationMs: z.number(),
  readingMs: z.number(),
  /** Whether the file's duration or the time to read its text set the cost. */
  pricedBy: z.enum(['duration', 'reading']),
  cost: z.number().int(),
  /** Points the review pass would add (DeepSeek; docs/billing.md). */
  reviewCost: z.number().int(),
  estimatedMs: z.number(),
  /** Glossary entries that apply per target language, and recurring terms not in the glossary yet. */
  glossary: z.object({ matches: z.record(z.string(), z.number().int()), suggestions: z.array(termSuggestionSchema) }),
  /** Lines the user's translation memory already covers, per target language (from the detected language). */
  memory: z.record(z.string(), z.number().int()),
})

/** `POST /api/tasks/{id}/segments/{segmentId}/review`: the segment after review, and whether the review corrected it. */
export const segmentReviewSchema = z.object({ segment: segmentSchema, corrected: z.boolean() })
/** A shorter version of a line, suggested (not written). */
export const condensedSchema = z.object({ text: z.string() })

export const taskBatchSchema = z.object({ tasks: z.array(taskSchema) })
export const segmentListSchema = z.array(segmentSchema)

export type TaskDto = z.infer<typeof taskSchema>
export type SegmentDto = z.infer<typeof segmentSchema>
export type TaskDetailDto = z.infer<typeof taskDetailSchema>
export type TaskStatusName = (typeof TASK_STATUSES)[number]
export type TranslatedBy = (typeof TRANSLATED_BY)[number]
export type SegmentFit = (typeof SEGMENT_FITS)[number]
export type SegmentReviewDto = z.infer<typeof segmentReviewSchema>
export type Estimate = z.infer<typeof estimateSchema>
export type TermSuggestion = z.infer<typeof termSuggestionSchema>
