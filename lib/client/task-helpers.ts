// Pure helpers of the task screens (no DOM, no I/O), shared by the dashboard and the editor.
import { MAX_UPLOAD_BYTES, POINTS_PER_MINUTE } from '@/lib/pricing/cost'
import { POINTS_PER_MINUTE_TRANSCRIBED, POINTS_PER_MINUTE_TRANSLATED } from '@/lib/transcribe/universal/cost'
import { exportFileName, isSubtitleFileName, type ExportContent, type SubtitleFormat as ExportFormat } from '@/lib/subtitles/format'
import type { SegmentDto as TaskSegment } from '@/lib/tasks/contract'

export type { ExportContent, ExportFormat }
/** Name of a downloaded export when the server sends none: the server's own rule (lib/subtitles/format.ts). */
export { exportFileName }

export type FileProblem = 'invalid_format' | 'too_large' | 'empty_file'

/** Checked before any upload (docs/product.md, Uploads): `.srt`, `.vtt`, `.ass` or `.ssa` (any case), not empty, at most 5 MB. */
export function checkSrtFile(file: { name: string; size: number }): FileProblem | null {
  if (!isSubtitleFileName(file.name)) return 'invalid_format'
  if (file.size <= 0) return 'empty_file'
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large'
  return null
}

/**
 * What a minute costs, as the points page and the upload dialog state it: the prices charged
 * (docs/billing.md), never figures written into the messages. A subtitle file's minute; a
 * recording's minute transcribed; and transcribed and translated.
 */
export const POINT_RATES = {
  subtitle: POINTS_PER_MINUTE,
  transcript: POINTS_PER_MINUTE_TRANSCRIBED,
  translated: POINTS_PER_MINUTE_TRANSCRIBED + POINTS_PER_MINUTE_TRANSLATED,
} as const

/** Points shown as minutes (points / 10), keeping one decimal only when needed. */
export function pointsToMinutes(points: number): number {
  return Math.round((points / POINTS_PER_MINUTE) * 10) / 10
}

/** Estimated time in whole seconds (ms / 1000, rounded up so a short job never shows 0 s). */
export function estimatedSeconds(ms: number): number {
  return ms > 0 ? Math.ceil(ms / 1000) : 0
}

/**
 * The editor's time column, to the millisecond (cues are timed in milliseconds, and whole seconds
 * hide a cue ending early): `MM:SS.mmm`, with the hours in front only from the first hour on
 * (`1:02:03.456`). `HH:MM:SS,mmm` in; anything else is shown as it came.
 */
export function shortTime(time: string): string {
  const match = /^(\d{2,}):(\d{2}):(\d{2})[,.](\d{3})$/.exec(time)
  if (!match) return time
  const [, hours, minutes, seconds, ms] = match
  const clock = `${minutes}:${seconds}.${ms}`
  return Number(hours) === 0 ? clock : `${Number(hours)}:${clock}`
}

/** The dashboard's one-click download: bilingual when the task keeps the original text, else translated. */
export function defaultExportContent(task: { includeOriginalText?: boolean }): ExportContent {
  return task.includeOriginalText ? 'bilingual' : 'translated'
}

/** File size for people, the one formatter of the app: `812 B`, `14.2 KB`, `3.1 MB`, `1.5 GB`, `12 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  return `${(bytes / 1024 ** 3).toFixed(bytes >= 10 * 1024 ** 3 ? 0 : 1)} GB`
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` preferred), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // a malformed encoded name: use the plain one below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header)
  return plain ? plain[1].trim() : null
}

type Changes<S extends { id: number }> = { segments?: S[]; segmentCount?: number }

/**
 * A task's cached copy with the changed segments of a poll put in their places (unchanged rows stay
 * the same objects, so only changed rows re-render). Null when the answer does not fit the copy (a
 * row it does not hold, or another number of rows): the caller then fetches the whole task.
 */
export function mergeTaskChanges<S extends { id: number }, T extends Changes<S>>(previous: T & { segments: S[] }, changes: T): T | null {
  const changed = changes.segments ?? []
  if (changes.segmentCount !== undefined && changes.segmentCount !== previous.segments.length) return null
  const position = new Map(previous.segments.map((segment, i) => [segment.id, i]))
  const segments = previous.segments.slice()
  for (const segment of changed) {
    const i = position.get(segment.id)
    if (i === undefined) return null
    segments[i] = segment
  }
  return { ...changes, segments }
}

/** Replaces segments of a task's list (one row's save, a bulk write); untouched segments keep their objects (and so every memoized row). */
export function withSegments<T extends { segments: TaskSegment[] }>(task: T, changed: readonly (Partial<TaskSegment> & { id: number })[]): T {
  if (changed.length === 0) return task
  const byId = new Map(changed.map((s) => [s.id, s]))
  let touched = false
  const segments = task.segments.map((s) => {
    const next = byId.get(s.id)
    if (!next) return s
    touched = true
    return { ...s, ...next }
  })
  return touched ? { ...task, segments } : task
}
