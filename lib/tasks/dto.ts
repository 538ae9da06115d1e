import type { Segment, Task } from '@prisma/client'
import { SEGMENT_FITS, type SegmentDto, type SegmentFit, type TaskDto, type TranslatedBy } from './contract'

export type { TaskDto, SegmentDto } from './contract'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A task as the API answers it (dates as ISO strings). */
export function toTaskDto(task: Omit<Task, 'source'>, segmentCount?: number): TaskDto {
  return {
    id: task.id,
    fileName: task.fileName,
    originalLanguage: task.originalLanguage,
    detectedLanguage: task.detectedLanguage,
    targetLanguage: task.targetLanguage,
    translationService: task.translationService,
    includeOriginalText: task.includeOriginalText,
    format: task.format === 'vtt' || task.format === 'ass' ? task.format : 'srt',
    status: task.status,
    progress: task.progress,
    cost: task.cost,
    review: task.review,
    reviewCost: task.reviewCost,
    reviewIncomplete: task.reviewIncomplete,
    batchSize: task.batchSize,
    submitTime: task.submitTime.toISOString(),
    translationStartTime: iso(task.translationStartTime),
    translationEndTime: iso(task.translationEndTime),
    translationDuration: task.translationDuration,
    storageKey: task.storageKey,
    uploadError: task.uploadError,
    pointsError: task.pointsError,
    error: task.error,
    ...(segmentCount === undefined ? {} : { segmentCount }),
    kind: task.kind,
    stage: task.status === 'translating' && (task.stage === 'transcribing' || task.stage === 'translating') ? task.stage : null,
    chunksDone: task.chunksDone,
    chunksTotal: task.chunksTotal,
    audioDurationMs: task.audioDurationMs,
    hasAudio: task.audioKey !== null,
    ...speakerNamesOf(task.speakerNames),
  }
}

/** The names a creator gave a transcription's speakers, when any: `{ speakerNames: { S1: 'Ada' } }`. */
function speakerNamesOf(value: unknown): { speakerNames?: Record<string, string> } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const names = Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
  return Object.keys(names).length > 0 ? { speakerNames: names } : {}
}

/** A segment as the API answers it: its numeric id, times, duration in ms, both texts, who translated it, and who speaks it when known. */
export function toSegmentDto(segment: Pick<Segment, 'index' | 'startTime' | 'endTime' | 'durationMs' | 'originalText' | 'translatedText' | 'translatedBy' | 'firstTranslation' | 'fit'> & { speakers?: string[] }): SegmentDto {
  return {
    id: segment.index,
    startTime: segment.startTime,
    endTime: segment.endTime,
    duration: segment.durationMs,
    originalText: segment.originalText,
    translatedText: segment.translatedText,
    translatedBy: (segment.translatedBy as TranslatedBy | null) ?? null,
    firstTranslation: segment.firstTranslation,
    // Only a line that was checked and too long carries `fit` (like `speakers`): most rows stay as they were.
    ...((SEGMENT_FITS as readonly (string | null)[]).includes(segment.fit) ? { fit: segment.fit as SegmentFit } : {}),
    ...(segment.speakers && segment.speakers.length > 0 ? { speakers: segment.speakers } : {}),
  }
}
