'use client'

import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { getTaskWords, taskKeys, type Task, type TaskSegment } from '@/lib/client/tasks'
import { shownText, type Edits } from './drafts'
import { useVideoStyle } from './use-video-style'
import { VideoExportDialog } from './video-export-dialog'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  task: Task
  segments: TaskSegment[]
  edits: Edits
  /** The file open in the video pane, read when the dialog opens. */
  paneFile: File | null
}

/** The editor's side of "Export video": its cues with drafts, the recogniser's words, the remembered style. */
export function VideoExportEntry({ open, onOpenChange, task, segments, edits, paneFile }: Props) {
  const hasTranslation = task.kind === 'translation' || (task.targetLanguage !== task.originalLanguage && segments.some((s) => s.translatedText))
  const { style, setStyle, remember } = useVideoStyle(hasTranslation)
  const words = useQuery({
    queryKey: taskKeys.words(task.id),
    queryFn: ({ signal }) => getTaskWords(task.id, signal),
    enabled: open && task.kind === 'transcription',
    staleTime: Infinity,
  })
  const cues = useMemo(
    () => segments.map((s) => ({ startTime: s.startTime, endTime: s.endTime, original: shownText(s, edits[s.id], 'originalText'), translation: shownText(s, edits[s.id], 'translatedText') })),
    [segments, edits],
  )
  if (!open) return null
  return (
    <VideoExportDialog
      open={open}
      onOpenChange={onOpenChange}
      paneFile={paneFile}
      isTranscription={task.kind === 'transcription'}
      cues={cues}
      words={words.data ?? []}
      languages={{ translation: task.targetLanguage, original: task.detectedLanguage || task.originalLanguage }}
      hasTranslation={hasTranslation}
      style={style}
      onStyleChange={setStyle}
      onExportStart={remember}
    />
  )
}
