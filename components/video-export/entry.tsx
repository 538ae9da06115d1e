'use client'

import { useCallback, useMemo } from 'react'
import { useFinishedDub } from '@/lib/client/dubs'
import { getExportText, type ExportContent, type Task, type TaskSegment } from '@/lib/client/tasks'
import { useVideoStyle } from './use-video-style'
import { VideoExportDialog } from './dialog'

type TextField = 'originalText' | 'translatedText'
/** The editor's unsaved drafts by segment id: what the creator typed wins over the server's text. */
type Drafts = Readonly<Record<number, { draft: Partial<Record<TextField, string>> } | undefined>>

const shownText = (segment: TaskSegment, drafts: Drafts, field: TextField) => drafts[segment.id]?.draft[field] ?? segment[field] ?? ''

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  task: Task
  segments: TaskSegment[]
  edits: Drafts
  /** The file open in the video pane, read when the dialog opens. */
  paneFile: File | null
  /** Saves pending edits (before the server writes a subtitle file from them). */
  beforeExport?: () => Promise<void>
}

/** The editor's side of "Export video": its cues with drafts, the recogniser's words, the remembered style, the task's finished dub, an ASS task's own script. */
export function VideoExportEntry({ open, onOpenChange, task, segments, edits, paneFile, beforeExport }: Props) {
  const hasTranslation = task.kind === 'translation' || (task.targetLanguage !== task.originalLanguage && segments.some((s) => s.translatedText))
  const { style, setStyle, remember, words } = useVideoStyle(hasTranslation, { wordsOf: task.kind === 'transcription' ? task.id : undefined, isOpen: open })
  const { dub } = useFinishedDub(task.id, { enabled: open })
  const cues = useMemo(
    () => segments.map((s) => ({ startTime: s.startTime, endTime: s.endTime, original: shownText(s, edits, 'originalText'), translation: shownText(s, edits, 'translatedText') })),
    [segments, edits],
  )
  // An ASS task is burned with its own script (styles, \pos, colours, karaoke), written by the
  // server around the edited texts as the ASS subtitle export is.
  const loadAss = useCallback(
    async (content: ExportContent) => {
      await beforeExport?.()
      return getExportText(task.id, 'ass', content)
    },
    [task.id, beforeExport],
  )
  // The language the creator said the original is in; what was detected only when they left it to us.
  const original = task.originalLanguage && task.originalLanguage !== 'auto' ? task.originalLanguage : task.detectedLanguage
  const languages = useMemo(() => ({ translation: task.targetLanguage, original }), [task.targetLanguage, original])
  if (!open) return null
  return (
    <VideoExportDialog
      open={open}
      onOpenChange={onOpenChange}
      paneFile={paneFile}
      isTranscription={task.kind === 'transcription'}
      cues={cues}
      words={words ?? []}
      languages={languages}
      hasTranslation={hasTranslation}
      style={style}
      onStyleChange={setStyle}
      onExportStart={remember}
      task={task}
      beforeExport={beforeExport}
      loadAss={task.format === 'ass' ? loadAss : undefined}
      dub={dub}
    />
  )
}
