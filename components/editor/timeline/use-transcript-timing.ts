'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTaskSpeech } from '@/lib/client/speech'
import { reloadTask, type TaskDetail, type TaskSegment } from '@/lib/client/tasks'
import { useEditorStoreApi } from '../state/editor-store-context'

/**
 * A transcription's timing against its sound in the editor: where its recording holds
 * speech, once transcribed (rows covering none are flagged, "snap to speech" is offered), and what
 * follows a left-out line restored as a cue: the rows after it are renumbered, so the undo steps
 * follow (`renumber`) and the selection is cleared, the rows reload, and a translated task's new
 * cue is translated.
 */
export function useTranscriptTiming({
  taskId,
  task,
  isTranscript,
  retranslate,
}: {
  taskId: string
  task: TaskDetail | undefined
  isTranscript: boolean
  retranslate: (id: number) => Promise<void>
}) {
  const hasSpeech = task?.kind === 'transcription' && Boolean(task.hasAudio) && task.stage !== 'transcribing' && task.segments.length > 0
  const speech = useTaskSpeech(taskId, hasSpeech)
  const client = useQueryClient()
  const store = useEditorStoreApi()
  const onRestored = useCallback(
    async (segment: TaskSegment) => {
      const { renumber, clearSelection } = store.getState()
      renumber(segment.id)
      clearSelection()
      await reloadTask(client, taskId)
      if (!isTranscript) await retranslate(segment.id)
    },
    [client, isTranscript, retranslate, store, taskId],
  )
  return { hasSpeech, speech, onRestored }
}
