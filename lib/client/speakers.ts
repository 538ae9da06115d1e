'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { byNumber } from '@/lib/speakers'
import { api } from './api'
import { putTaskFields, type Task, type TaskDetail } from './tasks'

// A transcription's speakers in the editor (PATCH /api/tasks/{id}/speakers): the labels its cues
// carry, the names the creator gave them, and naming them once for the whole task. What a label
// and a name are is lib/speakers'.

export const nameSpeakers = (taskId: string, names: Record<string, string>) =>
  api<Task>(`/api/tasks/${encodeURIComponent(taskId)}/speakers`, { method: 'PATCH', body: { names } })

const NO_NAMES: Readonly<Record<string, string>> = Object.freeze({})

export { speakerNumber } from '@/lib/speakers'

/**
 * The task's speakers in order of their number, their names, and `save`, which sends the names
 * and puts the answer in the cached task (every row shows the new name at once).
 */
export function useSpeakers(task: TaskDetail | undefined) {
  const client = useQueryClient()
  const taskId = task?.id
  const segments = task?.segments
  const labels = useMemo(() => [...new Set((segments ?? []).flatMap((s) => s.speakers ?? []))].sort(byNumber), [segments])
  const names = task?.speakerNames ?? NO_NAMES
  const save = useCallback(
    async (next: Record<string, string>) => {
      if (!taskId) return
      const answer = await nameSpeakers(taskId, next)
      await putTaskFields(client, taskId, { speakerNames: answer.speakerNames })
    },
    [client, taskId],
  )
  return { labels, names, save }
}
