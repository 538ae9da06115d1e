'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'
import { prefetchTimeline, preloadTimeline, useTaskShotChanges } from '@/lib/client/timeline/api'
import type { TaskDetail } from '@/lib/client/tasks'
import { defaultProfile, frameRateOf } from '@/lib/timing'

/**
 * What the timeline and "Snap to shot" time to: the task's timing profile (by its subtitles'
 * language), the video's shot changes kept with the task, and the frame rate edges land on (the
 * video's when known, else the profile's).
 */
export function useTimelineTiming(task: Pick<TaskDetail, 'id' | 'targetLanguage'>) {
  const profile = useMemo(() => defaultProfile(task.targetLanguage), [task.targetLanguage])
  const shots = useTaskShotChanges(task.id).data ?? null
  const frameRate = useCallback((videoFrameRate: number | null) => frameRateOf(profile, videoFrameRate), [profile])
  return { profile, shots, fps: frameRate(shots?.frameRate ?? null), frameRate }
}

/**
 * Asks for the timeline's waveform and shot changes as the editor opens, before the timeline is
 * shown: the server's HTML carries a preload of both, and the first render asks for them, so
 * reopening a task draws its waveform at once (an hour's peaks are about 1.3 MB of JSON). Not for
 * a task with a recording on the server: the first ask may have the server decode it (a media slot
 * of the creator's, beside the speech spans'), so it waits for the timeline to be shown.
 */
export function usePrefetchTimeline(task: Pick<TaskDetail, 'id' | 'hasAudio'>): void {
  const client = useQueryClient()
  const { id, hasAudio } = task
  if (!hasAudio) preloadTimeline(id)
  useEffect(() => {
    if (!hasAudio) void prefetchTimeline(client, id)
  }, [client, hasAudio, id])
}
