'use client'

import { useCallback, useMemo } from 'react'
import { useTaskShotChanges } from '@/lib/client/timeline/api'
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
