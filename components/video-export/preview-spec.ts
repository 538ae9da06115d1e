'use client'

import { useEffect, useMemo, useState } from 'react'
import { useAssSource } from '@/lib/client/tasks'
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import { assScriptWith, EXPORT_CONTENT } from './ass-script'
import { toStyledCues } from './cues'
import type { RendererSpec } from './renderer-spec'
import { usePreviewStyle } from './use-video-style'

/** One of the editor's rows as it shows it (its unsaved drafts written in). */
export type PreviewRow = { id: number; startTime: string; endTime: string; originalText: string; translatedText: string }

export type PreviewArgs = {
  rows: PreviewRow[]
  /** The pane's choice of languages, drawn as the export's content. */
  mode: SubtitleStyle['content']
  /** A transcription's id: its recogniser's words time the word-highlight style as in the export. */
  wordsOf?: string
  /** An ASS task: drawn with its own styles and override tags by libass, its lines as typed. */
  ass?: { taskId: string; language: string }
}

/**
 * What the editor's preview draws, as the renderer settings (RendererSpec) the video export burns with: an ASS task's own
 * script with the rows written in (drafts included), else the creator's remembered style over the
 * rows. Null while an ASS task's script loads.
 */
export function usePreviewSpec({ rows, mode, wordsOf, ass }: PreviewArgs): RendererSpec | null {
  const { style, words } = usePreviewStyle(mode, wordsOf)
  const source = useAssSource(ass ? ass.taskId : null)
  // A script the server could not give is shown in the remembered style rather than not at all.
  const language = ass && !source.isError ? ass.language : undefined
  const styled = useMemo<RendererSpec | null>(
    () => (language === undefined ? { kind: 'styled', cues: toStyledCues(rows.map((r) => ({ ...r, original: r.originalText, translation: r.translatedText })), words), style } : null),
    [language, rows, words, style],
  )
  const [script, setScript] = useState<string | null>(null)
  useEffect(() => {
    if (language === undefined || source.data === undefined) return
    let isCurrent = true
    void assScriptWith(source.data, rows, EXPORT_CONTENT[mode], language).then((assText) => isCurrent && setScript(assText))
    return () => {
      isCurrent = false
    }
  }, [source.data, rows, mode, language])
  return useMemo(() => (language === undefined ? styled : script === null ? null : { kind: 'ass', assText: script }), [language, script, styled])
}
