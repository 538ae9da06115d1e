'use client'

import { useEffect, useRef, type RefObject } from 'react'
import { startPreviewPainter, type PreviewPainter } from '@/lib/client/video/preview-painter'
import type { RendererSpec } from '@/lib/client/video/renderer-spec'

/**
 * The editor's preview of burned-in subtitles: drawn over the video by the renderer the export
 * burns with, from the same spec (lib/client/video/preview-painter.ts), so what the creator sees
 * is what they get. `spec` null draws nothing.
 */
export function VideoSubtitleCanvas({ video, spec }: { video: RefObject<HTMLVideoElement | null>; spec: RendererSpec | null }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const painter = useRef<PreviewPainter | null>(null)
  const latest = useRef(spec)

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
    latest.current = spec
    painter.current?.show(spec)
  }, [spec])

  return <canvas ref={canvas} aria-hidden="true" data-testid="video-subtitle-canvas" className="pointer-events-none absolute" />
}
