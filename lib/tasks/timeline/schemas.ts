import { z } from 'zod'
import { MAX_AUDIO_MS } from '@/lib/transcribe/universal/limits'

// What the editor's timeline reads and writes with a task: its waveform peaks and its video's shot
// changes. Requests and answers, zod.

/** The longest media a timeline is kept for: a video of 6 hours (a recording is at most 3). */
export const MAX_TIMELINE_MS = 2 * MAX_AUDIO_MS
/** Peaks of 6 hours (lib/waveform: 2.67 bytes a 10 ms) as base64, with room to spare. */
export const MAX_PEAKS_BASE64 = 8 * 1024 * 1024
/** The body of PUT /peaks: the base64 and its JSON around it. */
export const PEAKS_BODY_LIMIT = { bytes: MAX_PEAKS_BASE64 + 4096, tooLarge: 'bodyTooLarge' } as const
/** A cut every half second for 6 hours is far more than any edit has. */
export const MAX_SHOT_CHANGES = 50_000

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** PUT /api/tasks/{id}/peaks: peaks in lib/waveform's encoding, base64. */
export const putPeaksBody = z.object({
  data: z.string().min(1, 'invalidField').max(MAX_PEAKS_BASE64, 'invalidField').regex(BASE64, 'invalidField'),
})

const peaksSchema = z.object({
  /** The encoding (lib/waveform/encoding.ts): `sspk-1`. */
  format: z.literal('sspk-1'),
  /** The peaks, base64. */
  data: z.string(),
  durationMs: z.number().int(),
  /** Each zoom level's bucket length, finest first. */
  levelsMs: z.array(z.number().int()),
  source: z.enum(['browser', 'server']),
})

/** GET /api/tasks/{id}/peaks: the task's peaks; null for a task without media or peaks. */
export const peaksAnswerSchema = z.object({ peaks: peaksSchema.nullable() })
/** PUT /api/tasks/{id}/peaks: what was stored. */
export const storedPeaksSchema = z.object({ durationMs: z.number().int(), bytes: z.number().int() })

/** PUT /api/tasks/{id}/shot-changes: the cuts found in the video (ms of each cut's first frame, ascending). */
export const putShotChangesBody = z
  .object({
    cutsMs: z
      .array(z.number().int().min(0).max(MAX_TIMELINE_MS))
      .max(MAX_SHOT_CHANGES, 'invalidField')
      .refine((cuts) => cuts.every((ms, i) => i === 0 || ms > cuts[i - 1]), 'invalidField'),
    /** The video's frame rate, when the browser knows it. */
    frameRate: z.number().min(1).max(300).nullish(),
    /** The video's length: every cut lies within it. */
    durationMs: z.number().int().min(1).max(MAX_TIMELINE_MS).nullish(),
  })
  .refine((body) => body.durationMs == null || body.cutsMs.every((ms) => ms <= body.durationMs!), { message: 'invalidField', path: ['cutsMs'] })

const shotChangesSchema = z.object({
  cutsMs: z.array(z.number().int()),
  frameRate: z.number().nullable(),
  durationMs: z.number().int().nullable(),
  updatedAt: z.string(),
})

/** GET and PUT /api/tasks/{id}/shot-changes: the stored cuts; null before any were found. */
export const shotChangesAnswerSchema = z.object({ shotChanges: shotChangesSchema.nullable() })
