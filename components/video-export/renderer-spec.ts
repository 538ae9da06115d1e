// What draws the subtitles, as plain data: the dialog's preview and the editor's preview pane
// (preview-painter.ts) build their renderer from the same spec that is posted to the export's
// worker, so the frames the creator sees and the frames burned in come from one renderer with one
// set of settings, on whichever thread runs it.
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import type { StyledCue } from './styled-renderer'
import type { SubtitleRenderer } from './subtitle-renderer'

export type RendererSpec =
  /** Presets and custom styles (styled-renderer.ts). */
  | { kind: 'styled'; cues: StyledCue[]; style: SubtitleStyle }
  /** An ASS script with its own styles and override tags, drawn by libass (ass-renderer.ts). */
  | { kind: 'ass'; assText: string }

export async function createRenderer(spec: RendererSpec): Promise<SubtitleRenderer> {
  if (spec.kind === 'ass') {
    const { createAssRenderer } = await import('./ass-renderer')
    return createAssRenderer({ assText: spec.assText })
  }
  const { createStyledRenderer } = await import('./styled-renderer')
  return createStyledRenderer({ cues: spec.cues, style: spec.style })
}
