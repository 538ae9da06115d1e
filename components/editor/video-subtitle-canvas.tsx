'use client'

import { useEffect, useRef, type RefObject } from 'react'
import type { StyledCue } from '@/lib/client/video/styled-renderer'
import { createStyledRenderer } from '@/lib/client/video/styled-renderer'
import type { SubtitleStyle } from '@/lib/video/styles'

/** The part of a `<video>` box its picture fills (object-fit: contain). */
function pictureRect(node: HTMLVideoElement) {
  const [bw, bh, vw, vh] = [node.clientWidth, node.clientHeight, node.videoWidth, node.videoHeight]
  const scale = Math.min(bw / vw, bh / vh)
  return { left: node.offsetLeft + (bw - vw * scale) / 2, top: node.offsetTop + (bh - vh * scale) / 2, width: vw * scale, height: vh * scale, scale }
}

/**
 * The editor's preview of burned-in subtitles: the export's own renderer and style, laid out at
 * the video's real size and scaled onto the picture, so what the creator sees is what they get.
 */
export function VideoSubtitleCanvas({ video, cues, style }: { video: RefObject<HTMLVideoElement | null>; cues: StyledCue[]; style: SubtitleStyle }) {
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const node = video.current
    const target = canvas.current
    if (!node || !target) return
    const renderer = createStyledRenderer({ cues, style })
    let prepared = ''
    let frame = 0
    let isLive = true

    const paint = async () => {
      if (!node.videoWidth) return
      const size = { width: node.videoWidth, height: node.videoHeight }
      const key = `${size.width}x${size.height}`
      if (prepared !== key) {
        await renderer.prepare(size)
        if (!isLive) return
        prepared = key
      }
      const rect = pictureRect(node)
      const ratio = window.devicePixelRatio || 1
      Object.assign(target.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` })
      const [w, h] = [Math.round(rect.width * ratio), Math.round(rect.height * ratio)]
      if (target.width !== w || target.height !== h) Object.assign(target, { width: w, height: h })
      const ctx = target.getContext('2d')
      if (!ctx) return
      ctx.setTransform(1, 0, 0, 1, 0, 0)
      ctx.clearRect(0, 0, w, h)
      ctx.setTransform(rect.scale * ratio, 0, 0, rect.scale * ratio, 0, 0)
      await renderer.draw(ctx, node.currentTime * 1000)
    }
    const loop = () => {
      void paint()
      if (!node.paused) frame = requestAnimationFrame(loop)
    }
    const once = () => void paint()
    const onPlay = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(loop)
    }
    const resize = new ResizeObserver(once)
    resize.observe(node)
    for (const type of ['loadeddata', 'seeked', 'timeupdate']) node.addEventListener(type, once)
    node.addEventListener('play', onPlay)
    once()
    return () => {
      isLive = false
      cancelAnimationFrame(frame)
      resize.disconnect()
      for (const type of ['loadeddata', 'seeked', 'timeupdate']) node.removeEventListener(type, once)
      node.removeEventListener('play', onPlay)
      renderer.dispose()
    }
  }, [video, cues, style])

  return <canvas ref={canvas} aria-hidden="true" data-testid="video-subtitle-canvas" className="pointer-events-none absolute" />
}
