import type { Segment, Task } from '@prisma/client'

export type TaskDto = {
  id: string
  fileName: string
  originalLanguage: string
  detectedLanguage: string
  targetLanguage: string
  translationService: string
  includeOriginalText: boolean
  status: string
  progress: number
  cost: number
  batchSize: number
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

export type SegmentDto = { id: number; startTime: string; endTime: string; duration: number; originalText: string; translatedText: string | null }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A task as the API answers it (dates as ISO strings). */
export function toTaskDto(task: Task, segmentCount?: number): TaskDto {
  return {
    id: task.id,
    fileName: task.fileName,
    originalLanguage: task.originalLanguage,
    detectedLanguage: task.detectedLanguage,
    targetLanguage: task.targetLanguage,
    translationService: task.translationService,
    includeOriginalText: task.includeOriginalText,
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

/** A segment as the API answers it: the spec's id, times, duration in ms and both texts. */
export function toSegmentDto(segment: Pick<Segment, 'index' | 'startTime' | 'endTime' | 'durationMs' | 'originalText' | 'translatedText'>): SegmentDto {
  return {
    id: segment.index,
    startTime: segment.startTime,
    endTime: segment.endTime,
    duration: segment.durationMs,
    originalText: segment.originalText,
    translatedText: segment.translatedText,
  }
}
