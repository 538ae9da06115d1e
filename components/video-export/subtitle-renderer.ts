// The one contract between the video export (burn-in, preview) and what draws subtitles on a frame.
// Two implementations: the styled renderer (presets and custom styles, word highlight) and the ASS
// renderer (libass in WebAssembly, for subtitles that came from an ASS file with their own styles).
// The editor's preview and the export use the same renderer with the same settings, so what the
// creator sees is what the export burns in.

import type { RendererSpec } from './renderer-spec'

/** A 2D context of a visible canvas (preview) or an OffscreenCanvas in a worker (export). */
export type FrameContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/** A rectangle of the frame, in pixels. */
export type DrawnArea = { x: number; y: number; width: number; height: number }

export interface SubtitleRenderer {
  /** Called once before the first frame and whenever the output size changes (fonts, layout). */
  prepare(size: { width: number; height: number }): Promise<void>
  /**
   * Draws the subtitles shown at `timeMs` over the frame already on `ctx` (same size as prepare's).
   * Answers the area it drew in (null: nothing shown then), so a burn-in reads back only that.
   */
  draw(ctx: FrameContext, timeMs: number): DrawnArea | null | Promise<DrawnArea | null>
  /**
   * Names the picture shown at `timeMs` where the renderer knows it (two times with the same name
   * draw the same pixels), so a burn-in draws and reads it back once; absent or null: unknown.
   */
  pictureAt?(timeMs: number): string | null
  /**
   * Takes new subtitles in place where that is cheaper than a new renderer (the ASS renderer keeps
   * its libass worker and fonts); false when `spec` is not its kind. Absent: make a new renderer.
   */
  update?(spec: RendererSpec): Promise<boolean>
  /** Frees fonts, workers and WebAssembly memory. */
  dispose(): void
}
