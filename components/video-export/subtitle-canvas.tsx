'use client'

import { useEffect, useRef, useState, type RefObject } from 'react'
import { startPreviewPainter, type PreviewPainter } from './preview-painter'
import type { RendererSpec } from './renderer-spec'

/**
 * The editor's preview of burned-in subtitles: drawn over the video by the renderer the export
 * burns with, from the same spec (preview-painter.ts), so what the creator sees
 * is what they get. `spec` null draws nothing. While the player shows its control bar (paused, or
 * the pointer over the player, which is the `group`), the subtitles rise above it rather than
 * under it; playing untouched, they sit where the export puts them.
 */
export function VideoSubtitleCanvas({ video, spec }: { video: RefObject<HTMLVideoElement | null>; spec: RendererSpec | null }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const painter = useRef<PreviewPainter | null>(null)
  const latest = useRef(spec)
  const [isPaused, setPaused] = useState(true)

  useEffect(() => {
    const node = video.current
    const target = canvas.current
    if (!node || !target) return
    const started = startPreviewPainter(node, target)
    started.show(latest.current)
    painter.current = started
    return () => {
      started.dispose()
      painter.current = null
    }
  }, [video])

  useEffect(() => {
    const node = video.current
    if (!node) return
    const follow = () => setPaused(node.paused)
    follow()
    node.addEventListener('play', follow)
    node.addEventListener('pause', follow)
    return () => {
      node.removeEventListener('play', follow)
      node.removeEventListener('pause', follow)
    }
  }, [video])

  useEffect(() => {
    latest.current = spec
    painter.current?.show(spec)
  }, [spec])

  return (
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-testid="video-subtitle-canvas"
      data-above-controls={isPaused || undefined}
      className="pointer-events-none absolute transition-transform duration-150 group-hover:-translate-y-11 data-[above-controls]:-translate-y-11 motion-reduce:transition-none"
    />
  )
}
