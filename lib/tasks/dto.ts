import type { Segment, Task } from '@prisma/client'

export type TaskDto = {
  id: string
  fileName: string
  originalLanguage: string
  detectedLanguage: string
  targetLanguage: string
  translationService: string
  includeOriginalText: boolean
  /** The uploaded file's format, which exports default to. */
  format: 'srt' | 'vtt' | 'ass'
  status: string
  progress: number
  cost: number
  /** The cues-per-request override; null when batches are sized by source tokens. */
  batchSize: number | null
  submitTime: string
  translationStartTime: string | null
  translationEndTime: string | null
  translationDuration: number | null
  storageKey: string | null
  uploadError: string | null
  pointsError: string | null
  error: string | null
  segmentCount?: number
}

/** Who made a segment's translation: a service, `memory` (an identical line's answer reused) or `edited` by a person. */
export type TranslatedBy = 'deepseek' | 'google' | 'mymemory' | 'memory' | 'edited'

export type SegmentDto = {
  id: number
  startTime: string
  endTime: string
  duration: number
  originalText: string
  translatedText: string | null
  translatedBy: TranslatedBy | null
}

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
  }
}

/** A segment as the API answers it: the spec's id, times, duration in ms, both texts and who translated it. */
export function toSegmentDto(segment: Pick<Segment, 'index' | 'startTime' | 'endTime' | 'durationMs' | 'originalText' | 'translatedText' | 'translatedBy'>): SegmentDto {
  return {
    id: segment.index,
    startTime: segment.startTime,
    endTime: segment.endTime,
    duration: segment.durationMs,
    originalText: segment.originalText,
    translatedText: segment.translatedText,
    translatedBy: (segment.translatedBy as TranslatedBy | null) ?? null,
  }
}
