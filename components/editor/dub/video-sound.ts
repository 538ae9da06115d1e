'use client'

// The sound of the creator's video, for a dub to be mixed over: its audio track copied out packet
// for packet (nothing decoded or encoded, so it takes seconds for a film and sounds exactly as the
// video does), into the smallest container that holds its codec as it is: AAC in M4A, Opus or
// Vorbis in Ogg, MP3, FLAC, PCM in WAV, anything else (AC-3, E-AC-3…) in Matroska audio.
// Its time 0 is the video's: a track that starts later keeps its offset.

export type VideoSound = { sound: Blob; fileName: string; codec: string }

/** The video's sound as a file of its own; null when the video has no audio track. Rejects with an AbortError on abort. */
export async function copyVideoSound(video: Blob, { signal, onProgress }: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<VideoSound | null> {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: new mb.BlobSource(video), formats: mb.ALL_FORMATS })
  try {
    const track = await input.getPrimaryAudioTrack()
    if (!track?.codec) return null
    const codec = track.codec
    const formats = [
      new mb.Mp4OutputFormat({ fastStart: 'in-memory' }),
      new mb.OggOutputFormat(),
      new mb.Mp3OutputFormat(),
      new mb.FlacOutputFormat(),
      new mb.WavOutputFormat(),
      new mb.MkvOutputFormat(),
    ]
    const format = formats.find((f) => f.getSupportedAudioCodecs().includes(codec))
    if (!format) return null
    const target = new mb.BufferTarget()
    const output = new mb.Output({ format, target })
    // The video's first timestamp (over all its tracks) stays time 0, as its player counts it.
    const start = Math.max(0, await input.getFirstTimestamp())
    const conversion = await mb.Conversion.init({ input, output, tracks: 'primary', video: { discard: true }, copy: { mode: 'forced' }, trim: { start }, showWarnings: false })
    if (!conversion.isValid || conversion.utilizedTracks.length === 0) return null
    if (onProgress) conversion.onProgress = (fraction) => onProgress(Math.min(1, Math.max(0, fraction)))
    const abort = () => void conversion.cancel()
    signal?.addEventListener('abort', abort, { once: true })
    try {
      await conversion.execute()
    } catch (error) {
      if (signal?.aborted) throw new DOMException('cancelled', 'AbortError')
      throw error
    } finally {
      signal?.removeEventListener('abort', abort)
    }
    if (!target.buffer) return null
    const extension = format instanceof mb.MkvOutputFormat ? '.mka' : format instanceof mb.Mp4OutputFormat ? '.m4a' : format.fileExtension
    const base = video instanceof File ? video.name.replace(/\.[^.]+$/, '') : 'video'
    return { sound: new Blob([target.buffer], { type: format instanceof mb.Mp4OutputFormat ? 'audio/mp4' : format.mimeType }), fileName: `${base}.sound${extension}`, codec }
  } finally {
    input.dispose()
  }
}
