'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTaskPeaks, useTaskShotChanges } from '@/lib/client/timeline/api'
import { canDetectShots, detectAndKeepShotChanges } from '@/lib/client/timeline/detect-shots'
import { measureAndKeepPeaks } from '@/lib/client/timeline/measure-peaks'
import type { Peaks } from '@/lib/waveform'
import { useEditorStore } from '../state/editor-store-context'

export type PeaksStatus = 'loading' | 'measuring' | 'ready' | 'none'
export type ShotsStatus = 'loading' | 'waiting' | 'detecting' | 'ready' | 'unavailable'

export type TimelineMedia = {
  peaks: Peaks | null
  /** How far a waveform still being measured reaches (null once whole). */
  peaksUntilMs: number | null
  peaksStatus: PeaksStatus
  cuts: readonly number[]
  shotsStatus: ShotsStatus
  /** How far a measure or a detection running now is, 0 to 1. */
  fraction: number
  /** The video's frame rate, once its shot changes are known. */
  frameRate: number | null
  /** The media's length, when known. */
  durationMs: number | null
}

const NO_CUTS: readonly number[] = []
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * The timeline's waveform and shot changes: those kept with the task (drawn at once on reopening),
 * else measured in workers from the video the creator opens in the pane and then kept with the
 * task. A long file's waveform and its cuts are drawn as they are found. A task without media and
 * without a video open has no waveform.
 */
export function useTimelineMedia(taskId: string, { hasAudio }: { hasAudio: boolean }): TimelineMedia {
  const client = useQueryClient()
  const peaksQuery = useTaskPeaks(taskId)
  const shotsQuery = useTaskShotChanges(taskId)
  // The video file open in the pane (not the server's recording: that one's peaks are the server's).
  const player = useEditorStore((s) => s.player)
  const file = player?.file() ?? null
  // What this browser measures and finds in the open file (keyed by it: another file starts afresh).
  const [measuring, setMeasuring] = useState<{ file: File; peaks: Peaks | null; fraction: number; isOver: boolean } | null>(null)
  const [detecting, setDetecting] = useState<{ file: File; cuts: readonly number[]; fraction: number; isOver: boolean; failed: boolean } | null>(null)

  // A transcription's recording arrives after the editor may have asked: ask again once it is there.
  const { refetch: refetchPeaks } = peaksQuery
  const hasNoPeaks = peaksQuery.data === null
  useEffect(() => {
    if (hasAudio && hasNoPeaks) void refetchPeaks()
  }, [hasAudio, hasNoPeaks, refetchPeaks])

  useEffect(() => {
    if (!file || !hasNoPeaks) return
    const controller = new AbortController()
    measureAndKeepPeaks(client, taskId, file, {
      signal: controller.signal,
      onProgress: (peaks, fraction) => !controller.signal.aborted && setMeasuring({ file, peaks, fraction, isOver: false }),
    })
      // Kept: the stored peaks are drawn from now on. Without sound: no waveform.
      .then((peaks) => !controller.signal.aborted && setMeasuring({ file, peaks, fraction: 1, isOver: true }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setMeasuring({ file, peaks: null, fraction: 1, isOver: true })
      })
    return () => controller.abort()
  }, [client, file, hasNoPeaks, taskId])

  const hasNoShots = shotsQuery.data === null
  const canDetect = Boolean(file) && canDetectShots()
  useEffect(() => {
    if (!file || !hasNoShots || !canDetect) return
    const controller = new AbortController()
    detectAndKeepShotChanges(client, taskId, file, {
      signal: controller.signal,
      onProgress: (found, fraction) => !controller.signal.aborted && setDetecting({ file, cuts: [...found], fraction, isOver: false, failed: false }),
    })
      .then(() => !controller.signal.aborted && setDetecting({ file, cuts: NO_CUTS, fraction: 1, isOver: true, failed: false }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setDetecting({ file, cuts: NO_CUTS, fraction: 1, isOver: true, failed: true })
      })
    return () => controller.abort()
  }, [canDetect, client, file, hasNoShots, taskId])

  const stored = shotsQuery.data ?? null
  const measured = file && measuring?.file === file ? measuring : null
  const detected = file && detecting?.file === file ? detecting : null
  // Running from the moment a file is open and nothing is stored, until its run is over.
  const isMeasuring = Boolean(file) && hasNoPeaks && !measured?.isOver
  const isDetecting = canDetect && hasNoShots && !detected?.isOver

  const peaks = peaksQuery.data ?? measured?.peaks ?? null
  const peaksStatus: PeaksStatus = peaksQuery.data ? 'ready' : isMeasuring ? 'measuring' : peaksQuery.isPending ? 'loading' : 'none'
  const shotsStatus: ShotsStatus = stored
    ? 'ready'
    : shotsQuery.isPending
      ? 'loading'
      : isDetecting
        ? 'detecting'
        : detected?.failed || (file && !canDetect)
          ? 'unavailable'
          : 'waiting'
  return {
    peaks,
    peaksUntilMs: isMeasuring && measured?.peaks ? measured.fraction * measured.peaks.durationMs : null,
    peaksStatus,
    cuts: stored?.cutsMs ?? (isDetecting ? (detected?.cuts ?? NO_CUTS) : NO_CUTS),
    shotsStatus,
    fraction: isDetecting ? (detected?.fraction ?? 0) : isMeasuring ? (measured?.fraction ?? 0) : 1,
    frameRate: stored?.frameRate ?? null,
    durationMs: stored?.durationMs ?? peaks?.durationMs ?? null,
  }
}
