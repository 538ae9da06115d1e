'use client'

import { useEffect, useMemo, useState } from 'react'
import { useAssSource, type TaskSegment } from '@/lib/client/tasks'
import { assScriptWith, EXPORT_CONTENT } from '@/lib/client/video/ass-script'
import { toStyledCues } from '@/lib/client/video/cues'
import type { RendererSpec } from '@/lib/client/video/renderer-spec'
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import { shownText, type Edits } from '../drafts'
import { usePreviewStyle } from '@/components/video-export'

type Args = {
  segments: TaskSegment[]
  edits: Edits
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
export function usePreviewSpec({ segments, edits, mode, wordsOf, ass }: Args): RendererSpec | null {
  const { style, words } = usePreviewStyle(mode, wordsOf)
  const source = useAssSource(ass ? ass.taskId : null)
  // A script the server could not give is shown in the remembered style rather than not at all.
  const language = ass && !source.isError ? ass.language : undefined
  const rows = useMemo(
    () => segments.map((s) => ({ id: s.id, startTime: s.startTime, endTime: s.endTime, originalText: shownText(s, edits[s.id], 'originalText'), translatedText: shownText(s, edits[s.id], 'translatedText') })),
    [segments, edits],
  )
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
