import { z } from 'zod'

// The dub API's shapes, shared by the routes (and the OpenAPI document) and the browser.

/** Points per 100 characters spoken: 10 points per 1,000 characters, about 8 points a minute of speech. */
export const DUB_CHARS_PER_POINT = 100

export const dubPrice = (characters: number) => Math.ceil(characters / DUB_CHARS_PER_POINT)

export const DUB_STATUSES = ['queued', 'speaking', 'mixing', 'completed', 'failed'] as const

const voiceName = z.string().trim().min(1).max(64)

export const createDubBody = z.object({
  /** A speaker's label (as the task's lines carry it; "" for a task without speakers) → a voice of the provider's. */
  voices: z.record(z.string().max(64), voiceName).default({}),
  /** Mixed over the task's recording (ducked under each line), or the voices alone. */
  withOriginal: z.boolean().default(true),
})
export type CreateDubInput = z.infer<typeof createDubBody>

export const dubSpeakerSchema = z.object({ speaker: z.string(), name: z.string(), voice: z.string(), lines: z.number().int() })

/**
 * The sound a dub is mixed over: the creator's video's own audio track sent by the editor
 * (`upload`, POST /api/tasks/{id}/dubs/original), else a transcription's recording (`recording`).
 */
export const dubOriginalSchema = z.object({
  source: z.enum(['upload', 'recording']),
  /** The container and codec as ffprobe names them (an upload's; null for a recording). */
  format: z.string().nullable(),
  codec: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  createdAt: z.string().nullable(),
})
export type DubOriginalDto = z.infer<typeof dubOriginalSchema>

export const dubEstimateSchema = z.object({
  characters: z.number().int(),
  price: z.number().int(),
  lines: z.number().int(),
  speakers: z.array(dubSpeakerSchema),
  voices: z.array(z.string()),
  hasOriginal: z.boolean(),
  /** What "keep the original sound" would mix over; null: nothing yet (the voices alone). */
  original: dubOriginalSchema.nullable(),
  isSandbox: z.boolean(),
})

export const dubSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  status: z.enum(DUB_STATUSES),
  voices: z.record(z.string(), z.string()),
  withOriginal: z.boolean(),
  characters: z.number().int(),
  price: z.number().int(),
  charged: z.number().int().nullable(),
  phrasesTotal: z.number().int(),
  phrasesDone: z.number().int(),
  /** Lines flagged: still too long at the fastest allowed (spoken up to a pause), or failed by the provider (refunded). */
  flagged: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})
export type DubDto = z.infer<typeof dubSchema>

export const dubListSchema = z.object({ dubs: z.array(dubSchema) })

export const dubAudioQuery = z.object({ kind: z.enum(['voices', 'mix']).default('mix'), format: z.enum(['m4a', 'wav']).default('m4a') })
export const dubReportQuery = z.object({ format: z.enum(['csv', 'json']).default('json') })

/** One line of a dub's report as JSON: the CSV's columns, and the line's segment id and whether it was edited since it was spoken. */
export const dubReportLineSchema = z.object({
  line: z.number().int(),
  /** The task's segment (the editor's row id). */
  segmentId: z.number().int(),
  speaker: z.string(),
  voice: z.string(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  spokenMs: z.number().int(),
  /** Request speed × stretch: 1 spoken as it came, at most 1.3. */
  speedFactor: z.number(),
  respoken: z.boolean(),
  stretched: z.boolean(),
  shortened: z.number().int(),
  flag: z.enum(['', 'too_long', 'failed']),
  /** The line's text changed since it was spoken: "speak edited lines again" would speak it. */
  edited: z.boolean(),
})
export type DubReportLine = z.infer<typeof dubReportLineSchema>
