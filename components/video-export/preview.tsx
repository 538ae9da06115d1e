'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'
import type { SubtitleRenderer } from './subtitle-renderer'

type Props = {
  file: File | null
  /** Makes the renderer the export will burn with (same spec, same settings); null while it loads. */
  makeRenderer: (() => Promise<SubtitleRenderer>) | null
  /** The moment shown: the middle of a cue. */
  atMs: number
  /** The video's picture size once known (the resolution choices depend on it). */
  onSize?: (size: { width: number; height: number }) => void
  /** Names what is drawn (the preset), marked on the canvas once painted. */
  label?: string
}

/** One frame of the video at `atMs` with the subtitles drawn by the export's own renderer. */
export function VideoExportPreview({ file, makeRenderer, atMs, onSize, label = '' }: Props) {
  const t = useTranslations('videoExport')
  const canvas = useRef<HTMLCanvasElement>(null)
  const player = useRef<HTMLVideoElement | null>(null)
  /** Bumped when a new file's first frame is ready, to paint again. */
  const [loaded, setLoaded] = useState(0)

  // A hidden player seeks to the moment; its frame is the preview's background.
  useEffect(() => {
    if (!file) return
    const node = document.createElement('video')
    node.muted = true
    node.preload = 'auto'
    const url = URL.createObjectURL(file)
    node.src = url
    const ready = () => {
      player.current = node
      setLoaded((n) => n + 1)
      onSize?.({ width: node.videoWidth, height: node.videoHeight })
    }
    node.addEventListener('loadeddata', ready, { once: true })
    return () => {
      node.removeAttribute('src')
      node.load()
      URL.revokeObjectURL(url)
      player.current = null
    }
  }, [file, onSize])

  useEffect(() => {
    const target = canvas.current
    const video = player.current
    if (!video || !target || loaded === 0 || !makeRenderer) return
    let isCurrent = true
    let renderer: SubtitleRenderer | null = null
    const paint = async () => {
      const size = { width: video.videoWidth, height: video.videoHeight }
      if (!size.width || !size.height) return
      const next = await makeRenderer()
      await next.prepare(size)
      if (!isCurrent) return next.dispose()
      renderer = next
      target.width = size.width
      target.height = size.height
      const ctx = target.getContext('2d')
      if (!ctx) return
      ctx.drawImage(video, 0, 0, size.width, size.height)
      await next.draw(ctx, atMs)
      target.dataset.drawn = `${label}@${atMs}`
    }
    const onSeeked = () => void paint()
    video.addEventListener('seeked', onSeeked)
    if (Math.abs(video.currentTime - atMs / 1000) > 0.01) video.currentTime = atMs / 1000
    else void paint()
    return () => {
      isCurrent = false
      video.removeEventListener('seeked', onSeeked)
      renderer?.dispose()
    }
  }, [loaded, makeRenderer, atMs, label])

  return (
    <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-neutral-900">
      {file ? (
        <canvas ref={canvas} aria-label={t('preview')} role="img" data-testid="burn-preview" className="max-h-full max-w-full object-contain" />
      ) : (
        <p className="px-6 text-center text-xs text-neutral-300">{t('previewEmpty')}</p>
      )}
    </div>
  )
}
