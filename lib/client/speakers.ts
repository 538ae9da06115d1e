'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { api } from './api'
import { putTaskFields, type Task, type TaskDetail } from './tasks'

// A transcription's speakers in the editor (PATCH /api/tasks/{id}/speakers): the labels its cues
// carry, the names the creator gave them, and naming them once for the whole task.

export const nameSpeakers = (taskId: string, names: Record<string, string>) =>
  api<Task>(`/api/tasks/${encodeURIComponent(taskId)}/speakers`, { method: 'PATCH', body: { names } })

const NO_NAMES: Readonly<Record<string, string>> = Object.freeze({})

/** `S2` → 2: the number a label is shown with when it has no name ("Speaker 2"). */
export const speakerNumber = (label: string) => Number(label.replace(/^S/, '')) || 0

/**
 * The task's speakers in order of their number, their names, and `save`, which sends the names
 * and puts the answer in the cached task (every row shows the new name at once).
 */
export function useSpeakers(task: TaskDetail | undefined) {
  const client = useQueryClient()
  const taskId = task?.id
  const segments = task?.segments
  const labels = useMemo(() => [...new Set((segments ?? []).flatMap((s) => s.speakers ?? []))].sort((a, b) => speakerNumber(a) - speakerNumber(b)), [segments])
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
