// The editor's live preview of burned-in subtitles: the export's own renderer, made from
// the same spec (renderer-spec.ts), laid out at the video's real size and scaled onto its picture,
// painted in step with playback and seeking and following the creator's edits. An ASS renderer
// answers asynchronously (libass in its worker), so paints run one at a time, the latest moment
// next, each into a back buffer copied in one go: the overlay never flickers empty between frames.
import { createRenderer, type RendererSpec } from './renderer-spec'
import type { SubtitleRenderer } from './subtitle-renderer'

export type PreviewPainter = {
  /** Draws `spec` from now on (null: nothing, e.g. while an ASS script loads). */
  show(spec: RendererSpec | null): void
  dispose(): void
}

/** The part of a `<video>` box its picture fills (object-fit: contain), in the box's parent's pixels. */
function pictureRect(node: HTMLVideoElement) {
  const [bw, bh, vw, vh] = [node.clientWidth, node.clientHeight, node.videoWidth, node.videoHeight]
  const scale = Math.min(bw / vw, bh / vh)
  return { left: node.offsetLeft + (bw - vw * scale) / 2, top: node.offsetTop + (bh - vh * scale) / 2, width: vw * scale, height: vh * scale, scale }
}

const REPAINT_ON = ['loadeddata', 'seeked', 'timeupdate'] as const

/** Paints the subtitles of the renderer settings last shown over `video` on `canvas` (positioned absolutely beside it). */
export function startPreviewPainter(video: HTMLVideoElement, canvas: HTMLCanvasElement): PreviewPainter {
  const buffer = document.createElement('canvas')
  let wanted: RendererSpec | null = null
  let applied: RendererSpec | null = null
  let renderer: SubtitleRenderer | null = null
  let prepared = ''
  let isBusy = false
  let isDirty = false
  let isLive = true
  let hasFailed = false
  let frame = 0

  /** Brings the renderer to the settings last shown: in place where it can (libass keeps running), else anew. */
  const follow = async () => {
    const spec = wanted
    if (spec === applied) return
    if (!spec || !(renderer?.update && (await renderer.update(spec)))) {
      renderer?.dispose()
      renderer = null
      prepared = ''
      if (spec) renderer = await createRenderer(spec)
    }
    applied = spec
  }

  const paintOnce = async () => {
    await follow()
    const ctx = canvas.getContext('2d')
    if (!isLive || !ctx) return
    if (!renderer || !video.videoWidth) return ctx.clearRect(0, 0, canvas.width, canvas.height)
    const size = { width: video.videoWidth, height: video.videoHeight }
    if (prepared !== `${size.width}x${size.height}`) {
      await renderer.prepare(size)
      prepared = `${size.width}x${size.height}`
    }
    const rect = pictureRect(video)
    const ratio = window.devicePixelRatio || 1
    const [w, h] = [Math.round(rect.width * ratio), Math.round(rect.height * ratio)]
    if (!w || !h) return
    if (buffer.width !== w || buffer.height !== h) Object.assign(buffer, { width: w, height: h })
    const back = buffer.getContext('2d')!
    back.setTransform(1, 0, 0, 1, 0, 0)
    back.clearRect(0, 0, w, h)
    back.setTransform(rect.scale * ratio, 0, 0, rect.scale * ratio, 0, 0)
    const timeMs = video.currentTime * 1000
    await renderer.draw(back, timeMs)
    if (!isLive) return
    Object.assign(canvas.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` })
    if (canvas.width !== w || canvas.height !== h) Object.assign(canvas, { width: w, height: h })
    ctx.clearRect(0, 0, w, h)
    ctx.drawImage(buffer, 0, 0)
    // What was drawn, for tests and a look in the inspector: the renderer's kind and the moment.
    canvas.dataset.drawn = `${applied!.kind}@${Math.round(timeMs)}`
  }

  const paint = async () => {
    if (isBusy) return void (isDirty = true)
    isBusy = true
    try {
      do {
        isDirty = false
        await paintOnce()
      } while (isDirty && isLive)
    } catch (error) {
      // A renderer that failed (or was disposed mid-frame) leaves the picture without subtitles; said once.
      if (isLive && !hasFailed) console.error(error)
      hasFailed = true
    } finally {
      isBusy = false
      if (!isLive) renderer?.dispose()
    }
  }

  const once = () => void paint()
  const loop = () => {
    void paint()
    if (!video.paused) frame = requestAnimationFrame(loop)
  }
  const onPlay = () => {
    cancelAnimationFrame(frame)
    frame = requestAnimationFrame(loop)
  }
  const resize = new ResizeObserver(once)
  resize.observe(video)
  for (const type of REPAINT_ON) video.addEventListener(type, once)
  video.addEventListener('play', onPlay)

  return {
    show(spec) {
      wanted = spec
      once()
    },
    dispose() {
      isLive = false
      cancelAnimationFrame(frame)
      resize.disconnect()
      for (const type of REPAINT_ON) video.removeEventListener(type, once)
      video.removeEventListener('play', onPlay)
      // A paint under way disposes the renderer when it ends.
      if (!isBusy) renderer?.dispose()
    },
  }
}
