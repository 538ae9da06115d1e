'use client'

// Whether this browser can make a burned-in video: asked before any work,
// so a creator whose browser cannot encode, or cannot decode their video, is told so at once and
// offered what still works (the subtitle files, and the subtitle-track export, which re-encodes
// nothing). Nothing here is billed: the export runs on the creator's machine.

export type VideoEncoderCodec = 'avc' | 'vp9'
export type UnsupportedReason = 'no-webcodecs' | 'no-encoder' | 'cannot-decode'
export type VideoExportSupport = { ok: boolean; encoders: VideoEncoderCodec[]; reason?: UnsupportedReason }

/** H.264 first (MP4, plays everywhere), VP9 (WebM) where the browser has no H.264 encoder. */
const OFFERED: VideoEncoderCodec[] = ['avc', 'vp9']
/** The size encoders are checked at when no video is given yet. */
const DEFAULT_SIZE = { width: 1280, height: 720 }

function hasWebCodecs(): boolean {
  return typeof window !== 'undefined' && typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined' && typeof VideoFrame !== 'undefined'
}

/**
 * The encoders this browser offers for a burn-in, at `file`'s size when given (else 720p), and
 * whether it can decode `file`'s video. `ok` is false with the first reason that stops the export.
 */
export async function videoExportSupport(file?: Blob): Promise<VideoExportSupport> {
  if (!hasWebCodecs()) return { ok: false, encoders: [], reason: 'no-webcodecs' }
  const mb = await import('mediabunny')
  let size = DEFAULT_SIZE
  if (file) {
    const input = new mb.Input({ source: new mb.BlobSource(file), formats: mb.ALL_FORMATS })
    try {
      const track = await input.getPrimaryVideoTrack()
      if (!track || !(await track.canDecode())) return { ok: false, encoders: [], reason: 'cannot-decode' }
      size = { width: await track.getDisplayWidth(), height: await track.getDisplayHeight() }
    } catch {
      // Not a container mediabunny reads, or a damaged file: it cannot be decoded here either.
      return { ok: false, encoders: [], reason: 'cannot-decode' }
    } finally {
      input.dispose()
    }
  }
  const encoders: VideoEncoderCodec[] = []
  for (const codec of OFFERED) {
    const can = await mb.canEncodeVideo(codec, { ...evenSize(size), bitrate: 2_000_000 }).catch(() => false)
    if (can) encoders.push(codec)
  }
  return encoders.length > 0 ? { ok: true, encoders } : { ok: false, encoders, reason: 'no-encoder' }
}

/** Encoders take even dimensions (4:2:0 chroma). */
function evenSize({ width, height }: { width: number; height: number }) {
  return { width: Math.max(2, Math.round(width / 2) * 2), height: Math.max(2, Math.round(height / 2) * 2) }
}
