// The one contract between the video export (burn-in, preview) and what draws subtitles on a frame.
// Two implementations: the styled renderer (presets and custom styles, word highlight) and the ASS
// renderer (libass in WebAssembly, for subtitles that came from an ASS file with their own styles).
// The editor's preview and the export use the same renderer with the same settings, so what the
// creator sees is what the export burns in.

/** A 2D context of a visible canvas (preview) or an OffscreenCanvas in a worker (export). */
export type FrameContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

export interface SubtitleRenderer {
  /** Called once before the first frame and whenever the output size changes (fonts, layout). */
  prepare(size: { width: number; height: number }): Promise<void>
  /** Draws the subtitles shown at `timeMs` over the frame already on `ctx` (same size as prepare's). */
  draw(ctx: FrameContext, timeMs: number): void | Promise<void>
  /** Frees fonts, workers and WebAssembly memory. */
  dispose(): void
}
