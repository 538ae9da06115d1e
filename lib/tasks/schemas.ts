import { z } from 'zod'
import { isOn, OFF_VALUES } from '@/lib/env/on-off'
import { MAX_PAGE, pageQuery } from '@/lib/pagination'
import { AppError } from '@/lib/errors'
import { MAX_CUE_CHARS } from '@/lib/pricing/cost'
import { isSupportedLanguage, isTargetLanguage } from '@/lib/languages/languages'
import { EXPORT_CONTENTS, SUBTITLE_FORMATS } from '@/lib/subtitles/format'
import { parseTime } from '@/lib/subtitles/time'
import { TRANSLATED_BY } from './contract'

/** A form switch that is off unless sent as on (`true`, `1`, `on`, `yes`). */
export const flag = z
  .string()
  .optional()
  .transform(isOn)

/** A switch that is on unless sent as false (`false`, `0`, `off`, `no`). */
export const onUnlessFalse = z
  .string()
  .optional()
  .transform((v) => v === undefined || !(OFF_VALUES as readonly string[]).includes(v.trim().toLowerCase()))

/** A spoken or written source language: `auto` (detect) when absent or blank. */
export const sourceLanguageField = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || 'auto')
  .refine(isSupportedLanguage, 'sourceLanguageInvalid')

/** The text fields of `POST /api/tasks` (multipart; the file is checked separately). */
export const createTaskFields = z.object({
  sourceLanguage: sourceLanguageField,
  targetLanguage: z
    .string({ error: 'targetLanguageRequired' })
    .trim()
    .min(1, 'targetLanguageRequired')
    .refine(isTargetLanguage, 'targetLanguageInvalid'),
  service: z.string({ error: 'serviceUnsupported' }).trim().min(1, 'serviceUnsupported'),
  includeOriginalText: flag,
  /** Reuse the user's translation memory for lines it holds (on unless sent as false). */
  useMemory: onUnlessFalse,
  /** The review pass (DeepSeek only): each translated batch is shown to the model again for corrections. */
  review: flag,
  /** The client's per-user batch-size override; ignored unless a positive whole number. */
  batchSize: z.string().optional(),
  /** An estimate's `uploadId`: the file it kept, sent instead of the file (lib/tasks/staged-upload.ts). */
  uploadId: z.string().trim().max(64).optional(),
})

/** The checked fields; `useMemory` (then on) and `review` (then off) may be left out by callers in code. */
export type CreateTaskFields = Omit<z.infer<typeof createTaskFields>, 'useMemory' | 'review'> & { useMemory?: boolean; review?: boolean }

/** `POST /api/tasks/batch`: the fields of one task but the target languages (repeated, read from the form). */
export const createBatchFields = createTaskFields.omit({ targetLanguage: true })

/** `GET /api/tasks/export.zip?ids=a,b&format=&content=`: 1..100 task ids, comma-separated or repeated. */
/** `reflow=false` keeps the provider's own line breaks; anything else (or nothing) breaks lines per language. */
const reflowFlag = z
  .enum(['0', '1', 'false', 'true'])
  .optional()
  .transform((v) => v !== '0' && v !== 'false')

export const exportZipQuery = z.object({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .refine((ids) => ids.length >= 1 && ids.length <= 100, 'taskIdsInvalid'),
  format: z.enum(SUBTITLE_FORMATS).optional(),
  content: z.enum(EXPORT_CONTENTS).default('translated'),
  reflow: reflowFlag,
})

export { MAX_PAGE }

/** `GET /api/tasks?page=&size=`: page 1..1,000,000 (default 1), size 1..100 (default 10). */
export const listTasksQuery = pageQuery

/** `GET /api/tasks/{id}?segments=0`: leave the segments out (progress polls). */
const XID = /^[1-9]\d{0,17}$/
// Polls run while transactions come and go: a snapshot lists the ones open when it was taken, at most a few hundred.
const MAX_CURSOR_LENGTH = 8000

/**
 * A poll's cursor: a PostgreSQL snapshot `xmin:xmax:xip,…` (lib/tasks/changes.ts), checked here as
 * PostgreSQL would check it, so a made-up one is a 400, never a database error. A bare number (a
 * cursor from before snapshots) is the snapshot that saw everything below it.
 */
export const changeCursorSchema = z
  .string()
  .max(MAX_CURSOR_LENGTH, 'invalidField')
  .transform((value) => {
    if (!/^\d{1,18}$/.test(value)) return value
    const xid = BigInt(value) > 0n ? BigInt(value) : 1n
    return `${xid}:${xid}:`
  })
  .refine((value) => {
    const [xmin, xmax, xip, ...rest] = value.split(':')
    if (rest.length > 0 || xip === undefined || !XID.test(xmin) || !XID.test(xmax)) return false
    const list = xip === '' ? [] : xip.split(',')
    if (!list.every((x) => XID.test(x))) return false
    const [low, high] = [BigInt(xmin), BigInt(xmax)]
    let last = low
    for (const x of list.map(BigInt)) {
      if (x < last || x >= high) return false
      last = x
    }
    return low <= high
  }, 'invalidField')

export const getTaskQuery = z.object({
  segments: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** A cursor from an earlier answer: only the segments written since then are answered. */
  since: changeCursorSchema.optional(),
})

// PostgreSQL text cannot hold NUL, so it is dropped from edited text instead of failing the write.
// An edited text is capped like a cue of an upload (lib/pricing/cost.ts), since it can be retranslated.
const segmentText = z
  .string()
  .max(MAX_CUE_CHARS, 'segmentTooLong')
  .transform((v) => v.replace(/\u0000/g, ''))
  .optional()

/** `PATCH /api/tasks/{id}/segments/{segmentId}`: either text, or both. */
export const editSegmentBody = z
  .object({
    originalText: segmentText,
    translatedText: segmentText,
  })
  .refine((v) => v.originalText !== undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedText'] })

/** Most segments one bulk call may change or retranslate (a long film, or one screen of a selection). */
export const MAX_BULK_SEGMENTS = 10_000
export const MAX_RETRANSLATE_SEGMENTS = 200
/** Furthest a timing shift may move cues: a day. */
export const MAX_SHIFT_MS = 86_400_000

/** Latest time a cue may start or end: 99:59:59,999, the most an `HH:MM:SS,mmm` timestamp holds. */
export const MAX_CUE_TIME_MS = 100 * 3_600_000 - 1

const segmentIndex = z.number({ error: 'invalidField' }).int().min(1).max(999_999_999)
const timestamp = z
  .string()
  .refine((v) => parseTime(v) !== null, 'invalidField')
  .refine((v) => (parseTime(v) ?? 0) <= MAX_CUE_TIME_MS, 'cueTimesInvalid')
  .optional()

function uniqueIds(list: { id: number }[] | number[]) {
  const ids = list.map((v) => (typeof v === 'number' ? v : v.id))
  return new Set(ids).size === ids.length
}

/** One change of `PATCH /api/tasks/{id}/segments`: texts, and/or both times together (the end not before the start). */
export const segmentChange = z
  .object({
    id: segmentIndex,
    originalText: segmentText,
    translatedText: segmentText,
    // Undo and redo ask for the origin the text had; the server grants it only when the row really
    // held that text from that origin (lib/tasks/segment-versions.ts), else the text is a person's.
    translatedBy: z.enum(TRANSLATED_BY, { error: 'invalidField' }).optional(),
    startTime: timestamp,
    endTime: timestamp,
  })
  .refine((v) => v.translatedBy === undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedBy'] })
  .refine((v) => (v.startTime === undefined) === (v.endTime === undefined), { message: 'invalidField', path: ['endTime'] })
  .refine((v) => v.startTime === undefined || v.endTime === undefined || parseTime(v.endTime)! >= parseTime(v.startTime)!, { message: 'cueTimesInvalid', path: ['endTime'] })
  .refine((v) => v.originalText !== undefined || v.translatedText !== undefined || v.startTime !== undefined, { message: 'invalidField', path: ['translatedText'] })

export type SegmentChange = z.infer<typeof segmentChange>

/** `PATCH /api/tasks/{id}/segments`: several segments at once (replace all, undo, redo). */
export const editSegmentsBody = z.object({
  segments: z.array(segmentChange).min(1, 'invalidField').max(MAX_BULK_SEGMENTS, 'invalidField').refine(uniqueIds, 'invalidField'),
})

/** `POST /api/tasks/{id}/segments/retranslate`: the ids of the selected segments. */
export const retranslateSegmentsBody = z.object({
  ids: z.array(segmentIndex).min(1, 'invalidField').max(MAX_RETRANSLATE_SEGMENTS, 'invalidField').refine(uniqueIds, 'invalidField'),
})

/** `POST /api/tasks/{id}/segments/shift`: milliseconds (negative = earlier), all cues or the listed ids. */
export const shiftSegmentsBody = z.object({
  offsetMs: z.number({ error: 'invalidField' }).int().min(-MAX_SHIFT_MS).max(MAX_SHIFT_MS).refine((v) => v !== 0, 'invalidField'),
  ids: z.array(segmentIndex).min(1, 'invalidField').max(MAX_BULK_SEGMENTS, 'invalidField').refine(uniqueIds, 'invalidField').optional(),
})

const requiredTimestamp = z
  .string({ error: 'invalidField' })
  .refine((v) => parseTime(v) !== null, 'invalidField')
  .refine((v) => (parseTime(v) ?? 0) <= MAX_CUE_TIME_MS, 'cueTimesInvalid')
const cueText = z
  .string({ error: 'invalidField' })
  .max(MAX_CUE_CHARS, 'segmentTooLong')
  .transform((v) => v.replace(/\u0000/g, ''))
const speakerLabels = z.array(z.string().regex(/^S[1-9][0-9]{0,3}$/, 'invalidField')).max(2, 'invalidField')

/**
 * `POST /api/tasks/{id}/segments/{segmentId}/split`: the first part ends at `endTime`, the second
 * starts at `startTime`; both parts' texts (a translation only for a translated row); the first
 * part's origin asked back (undo of a merge) and each part's speakers, optional.
 */
export const splitSegmentBody = z
  .object({
    endTime: requiredTimestamp,
    startTime: requiredTimestamp,
    originalText: z.tuple([cueText, cueText], { error: 'invalidField' }),
    translatedText: z.tuple([cueText, cueText], { error: 'invalidField' }).optional(),
    translatedBy: z.enum(TRANSLATED_BY, { error: 'invalidField' }).optional(),
    speakers: z.tuple([speakerLabels, speakerLabels], { error: 'invalidField' }).optional(),
  })
  .refine((v) => parseTime(v.startTime)! >= parseTime(v.endTime)!, { message: 'cueTimesInvalid', path: ['startTime'] })
  .refine((v) => v.translatedBy === undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedBy'] })
export type SplitSegmentBody = z.infer<typeof splitSegmentBody>

/** `POST /api/tasks/{id}/segments/{segmentId}/merge`: the merged cue's texts (a translation when either row has one) and the origin asked back (undo of a split), optional. */
export const mergeSegmentsBody = z
  .object({
    originalText: cueText,
    translatedText: cueText.optional(),
    translatedBy: z.enum(TRANSLATED_BY, { error: 'invalidField' }).optional(),
  })
  .refine((v) => v.translatedBy === undefined || v.translatedText !== undefined, { message: 'invalidField', path: ['translatedBy'] })
export type MergeSegmentsBody = z.infer<typeof mergeSegmentsBody>

/** `POST /api/tasks/{id}/segments/{segmentId}/condense`: the characters the line may keep, and its translation as shown (else the stored one). */
export const condenseSegmentBody = z.object({
  maxChars: z.number({ error: 'invalidField' }).int().min(1).max(MAX_CUE_CHARS),
  translation: cueText.optional(),
})

/** `GET /api/tasks/{id}/export?format=srt|vtt&content=translated|bilingual|original`. */
export const exportQuery = z.object({
  // Absent: the task's own format (lib/tasks/export.ts).
  format: z.enum(SUBTITLE_FORMATS).optional(),
  content: z.enum(EXPORT_CONTENTS).default('translated'),
  reflow: reflowFlag,
  /** `speakers=1`: "Name: " before each speaker's lines in SRT (off unless asked). */
  speakers: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
})

/**
 * Route parameter of a segment: its numeric id, plain digits only (`1e3`, `0x10`, ` 1` are
 * not ids). Anything else names no segment, so it answers 40400 "segment does not exist".
 */
export function parseSegmentId(value: string | undefined): number {
  const id = /^[0-9]{1,9}$/.test(value ?? '') ? Number(value) : 0
  if (id < 1) throw new AppError('not_found', 'segmentNotFound')
  return id
}

/** Task ids are the digits of `newTaskId`; anything else (NUL, slashes, 5,000 characters) names no task. */
export function isTaskIdShape(value: string): boolean {
  return /^[0-9]{1,40}$/.test(value)
}
