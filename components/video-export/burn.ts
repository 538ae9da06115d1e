'use client'

// Burns subtitles into a video in the browser: mediabunny reads the file lazily
// (BlobSource: never whole into memory), decodes each frame with WebCodecs, the renderer draws the
// cue over it, and the frame is encoded again (H.264 in MP4 or VP9 in WebM). A frame kept at its
// size is changed only under the subtitles, in its own YUV planes and colour (yuv-overlay.ts); a
// resized or rotated one is drawn on a canvas with the subtitles over it. Audio
// packets are copied untouched when the container takes their codec (AAC into MP4, Opus into
// WebM), re-encoded otherwise (and the caller says so). Timestamps are the source's, so duration,
// frame rate and frame count are kept.
import type { Target } from 'mediabunny'
import type { SubtitleRenderer } from './subtitle-renderer'
import { blendOverlayI420, evenArea, keptColour } from './yuv-overlay'
import { addDubAudio, type ExportAudio } from './dub-audio'

export type BurnQuality = 'high' | 'medium' | 'low'
export type BurnOptions = {
  source: Blob
  renderer: SubtitleRenderer
  video: { codec: 'avc' | 'vp9'; width?: number; height?: number; quality: BurnQuality }
  target: Target
  /** The sound: the video's own (unless told), or the task's dub in its place or before it. */
  audio?: ExportAudio
  signal?: AbortSignal
  onProgress?: (p: { fraction: number; etaMs?: number }) => void
}

/** Why a burn could not run; each has its message in the three languages (videoExport.errors). */
export class BurnError extends Error {
  constructor(readonly problem: 'unreadable' | 'noVideo' | 'cannotDecode' | 'cannotEncode' | 'failed', detail?: string) {
    super(detail ?? problem)
    this.name = 'BurnError'
  }
}

/** An even size no larger than the source, keeping its aspect ratio (encoders want even sides). */
export function outputSize(source: { width: number; height: number }, wanted: { width?: number; height?: number }) {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)
  const ratio = source.width / source.height
  if (wanted.height && wanted.height < source.height) return { width: even(wanted.height * ratio), height: even(wanted.height) }
  if (wanted.width && wanted.width < source.width) return { width: even(wanted.width), height: even(wanted.width / ratio) }
  return { width: even(source.width), height: even(source.height) }
}

/** The canvas each frame is drawn on: an OffscreenCanvas (in the export's worker), else one of the page's. */
function frameCanvas({ width, height }: { width: number; height: number }): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height)
  return Object.assign(document.createElement('canvas'), { width, height })
}

export async function burnSubtitles({ source, renderer, video, target, audio = { choice: 'original' }, signal, onProgress }: BurnOptions): Promise<{ audio: 'copied' | 'reencoded' }> {
  const mb = await import('mediabunny')
  signal?.throwIfAborted()
  const input = new mb.Input({ source: new mb.BlobSource(source), formats: mb.ALL_FORMATS })
  try {
    const track = await input.getPrimaryVideoTrack().catch((error: unknown) => {
      throw new BurnError('unreadable', String(error))
    })
    if (!track) throw new BurnError('noVideo')
    if (!(await track.canDecode())) throw new BurnError('cannotDecode', track.codec ?? 'unknown codec')
    const size = outputSize({ width: track.displayWidth, height: track.displayHeight }, video)
    const format = video.codec === 'avc' ? new mb.Mp4OutputFormat() : new mb.WebMOutputFormat()
    const audioTrack = await input.getPrimaryAudioTrack()
    const audioCopied = !audioTrack || (audioTrack.codec !== null && format.getSupportedAudioCodecs().includes(audioTrack.codec))

    const canvas = frameCanvas(size)
    const ctx = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null
    if (!ctx) throw new BurnError('failed', 'no 2D canvas')
    await renderer.prepare(size)
    signal?.throwIfAborted()
    // Frames kept at their size take the subtitles in their YUV planes, drawn on a transparent layer.
    const isSameSize = size.width === track.displayWidth && size.height === track.displayHeight && track.rotation === 0 && !(await track.getFlip())
    const kept = isSameSize ? keptColour(await track.getColorSpace().catch(() => null), size) : null
    const layer = kept ? frameCanvas(size).getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null : null
    // The last picture read back, kept while the renderer names the same one (a cue's frames).
    let last: { name: string | null; area: ReturnType<typeof evenArea>; pixels: Uint8ClampedArray | null } | null = null
    const inYuv = async (sample: import('mediabunny').VideoSample) => {
      if (!kept || !layer || sample.format !== 'I420' || sample.rotation !== 0 || sample.visibleRect.width !== size.width || sample.visibleRect.height !== size.height) return null
      const frame = new Uint8Array(sample.allocationSize())
      const layout = await sample.copyTo(frame)
      const timeMs = sample.timestamp * 1000
      const name = renderer.pictureAt?.(timeMs) ?? null
      if (!last || name === null || last.name !== name) {
        layer.clearRect(0, 0, size.width, size.height)
        // Only the area the renderer drew in is read back and blended.
        const drawn = await renderer.draw(layer, timeMs)
        const area = drawn && evenArea(drawn, size.width, size.height)
        last = { name, area, pixels: area ? layer.getImageData(area.x, area.y, area.width, area.height).data : null }
      }
      if (last.area && last.pixels) blendOverlayI420(frame, layout, last.area, last.pixels, kept.colour)
      return new mb.VideoSample(frame, { format: 'I420', codedWidth: size.width, codedHeight: size.height, layout, timestamp: sample.timestamp, duration: sample.duration, colorSpace: kept.tags as VideoColorSpaceInit })
    }

    const output = new mb.Output({ format, target })
    const quality = { high: mb.QUALITY_HIGH, medium: mb.QUALITY_MEDIUM, low: mb.QUALITY_LOW }[video.quality]
    // With a dub the output is driven here: the picture's conversion and the dub's (then the video's own sound) share it.
    const withDub = audio.choice !== 'original'
    const start = withDub ? Math.max(0, await input.getFirstTimestamp()) : undefined
    const conversion = await mb.Conversion.init({
      input,
      output,
      tracks: 'primary',
      ...(withDub ? { composable: true, trim: { start } } : {}),
      video: {
        codec: video.codec,
        quality,
        width: size.width,
        height: size.height,
        fit: 'fill',
        forceTranscode: true,
        // Rotation is baked into the frames, so the subtitles are upright in the picture.
        allowTransformationMetadata: false,
        processedWidth: size.width,
        processedHeight: size.height,
        process: async (sample) => {
          const blended = await inYuv(sample)
          if (blended) return blended
          sample.draw(ctx, 0, 0, size.width, size.height)
          await renderer.draw(ctx, sample.timestamp * 1000)
          return canvas
        },
      },
      audio: withDub ? { discard: true } : audioCopied ? {} : { codec: video.codec === 'avc' ? 'aac' : 'opus', forceTranscode: true },
      showWarnings: false,
    })
    if (!conversion.isValid || conversion.utilizedTracks.length === 0) {
      const reasons = conversion.discardedTracks.map((d) => d.reason)
      throw new BurnError(reasons.some((r) => r === 'no_encodable_target_codec') ? 'cannotEncode' : 'cannotDecode', reasons.join(', '))
    }
    const dubbed = audio.choice !== 'original' ? await addDubAudio({ mb, source, audio, output, container: video.codec === 'avc' ? 'mp4' : 'mkv', start: start ?? 0, end: await input.computeDuration(), copyOnly: false }) : null
    const started = performance.now()
    conversion.onProgress = (fraction) => {
      const done = Math.min(1, Math.max(0, fraction))
      const elapsed = performance.now() - started
      onProgress?.({ fraction: done, etaMs: done > 0.02 ? Math.round((elapsed / done) * (1 - done)) : undefined })
    }
    const conversions = [conversion, ...(dubbed?.conversions ?? [])]
    const abort = () => conversions.forEach((c) => void c.cancel())
    signal?.addEventListener('abort', abort, { once: true })
    try {
      if (dubbed) {
        await output.start()
        await Promise.all(conversions.map((c) => c.execute()))
        await output.finalize()
      } else await conversion.execute()
    } catch (error) {
      if (dubbed && output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {})
      if (signal?.aborted) throw new DOMException('burn-in cancelled', 'AbortError')
      throw error instanceof BurnError ? error : new BurnError('failed', String(error))
    } finally {
      signal?.removeEventListener('abort', abort)
      for (const other of dubbed?.inputs ?? []) other.dispose()
    }
    onProgress?.({ fraction: 1, etaMs: 0 })
    const isCopied = dubbed ? !dubbed.isReencoded && (audio.choice === 'dubbed' || audioCopied) : audioCopied
    return { audio: isCopied ? 'copied' : 'reencoded' }
  } finally {
    input.dispose()
  }
}
