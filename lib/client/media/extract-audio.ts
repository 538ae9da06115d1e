'use client'

// The browser's half of a transcription (issue 22): only the sound of a recording travels. Mediabunny
// (pure TypeScript over WebCodecs: no wasm, no worker, nothing from another origin, so the CSP stays
// as it is) reads the container, decodes the first audio track and encodes it again as mono Opus in
// Ogg at 24 kbit/s, about 0.9 MB for 5 minutes. It is imported only when a recording is picked.

// The server's limit, written once (lib/transcribe/limits.ts): a longer recording is refused before any upload.
import { MAX_AUDIO_MS } from '@/lib/transcribe/limits'
import { readableSeconds } from './readable-length'

/** Opus at 24 kbit/s mono: speech stays clear to a recogniser and 3 hours fit in about 32 MB. */
export const AUDIO_BITRATE = 24_000
const SAMPLE_RATE = 48_000

/**
 * Why a recording's sound could not be taken out; each has its message in the three languages.
 * `damaged`: the file is cut short (only `readMs` of its `totalMs` can be read); `damagedIndex`: a
 * known container with no index of its tracks (an MP4 whose `moov` is missing), none of it readable.
 */
export type ExtractionProblem = 'unsupportedBrowser' | 'unreadable' | 'noAudio' | 'undecodable' | 'tooLong' | 'damaged' | 'damagedIndex' | 'failed'

/** How much of a damaged file could be read, for its message. */
export type DamageReport = { readMs: number; totalMs: number; bytes: number }

export class ExtractionError extends Error {
  constructor(
    readonly problem: ExtractionProblem,
    detail?: string,
    readonly damage?: DamageReport,
  ) {
    super(detail ?? problem)
    this.name = 'ExtractionError'
  }
}

// Less than this missing at the end is an encoder's rounding, not damage.
const DAMAGE_TOLERANCE_MS = 1000

export type ExtractedAudio = {
  /** Mono Opus in Ogg, on the recording's own timeline (time t here is time t in the video). */
  audio: Blob
  /** The recording's length as its container says, before the server reads the audio itself. */
  durationMs: number
}

export type ExtractOptions = {
  /** Fraction done, 0..1, called as the sound is converted. */
  onProgress?: (fraction: number) => void
  /** Called once the length is known, before the (longer) conversion starts. */
  onDuration?: (durationMs: number) => void
  signal?: AbortSignal
}

const loadMediabunny = () => import('mediabunny')

/** Whether this browser can encode Opus with WebCodecs (Chromium, Edge, Firefox 130+, Safari 26+). */
export async function canExtractAudio(): Promise<boolean> {
  if (typeof window === 'undefined' || typeof AudioEncoder === 'undefined' || typeof AudioDecoder === 'undefined') return false
  try {
    const { canEncodeAudio } = await loadMediabunny()
    return await canEncodeAudio('opus', { numberOfChannels: 1, sampleRate: SAMPLE_RATE, bitrate: AUDIO_BITRATE })
  } catch {
    return false
  }
}

/**
 * Takes the first audio track of a video or audio file out as a small mono Opus file. Rejects
 * with an ExtractionError naming the problem, or an AbortError when `signal` aborts.
 */
export async function extractAudio(file: Blob, { onProgress, onDuration, signal }: ExtractOptions = {}): Promise<ExtractedAudio> {
  if (!(await canExtractAudio())) throw new ExtractionError('unsupportedBrowser')
  const mb = await loadMediabunny()
  const input = new mb.Input({ source: new mb.BlobSource(file), formats: mb.ALL_FORMATS })
  try {
    signal?.throwIfAborted()
    let track: Awaited<ReturnType<typeof input.getPrimaryAudioTrack>>
    try {
      track = await input.getPrimaryAudioTrack()
    } catch (error) {
      // Not a container Mediabunny knows (or a damaged one).
      throw new ExtractionError('unreadable', String(error))
    }
    if (!track) {
      // A container the browser knows that lists no track at all has lost its index, not its sound.
      if ((await input.getTracks()).length === 0) throw new ExtractionError('damagedIndex', 'no track index', { readMs: 0, totalMs: 0, bytes: file.size })
      throw new ExtractionError('noAudio')
    }
    if (!(await track.canDecode())) throw new ExtractionError('undecodable', track.codec ?? 'unknown codec')

    const durationS = (await input.getDurationFromMetadata([track])) ?? (await input.computeDuration([track]))
    const durationMs = Math.round(durationS * 1000)
    // A file cut short still announces its whole length: measure what can really be read.
    const readMs = Math.round((await readableSeconds(new mb.EncodedPacketSink(track), durationS)) * 1000)
    if (readMs < durationMs - DAMAGE_TOLERANCE_MS) throw new ExtractionError('damaged', `readable ${readMs} of ${durationMs} ms`, { readMs, totalMs: durationMs, bytes: file.size })
    if (durationMs > MAX_AUDIO_MS) throw new ExtractionError('tooLong')
    onDuration?.(durationMs)
    signal?.throwIfAborted()

    const target = new mb.BufferTarget()
    const output = new mb.Output({ format: new mb.OggOutputFormat(), target })
    const conversion = await mb.Conversion.init({
      input,
      output,
      tracks: 'primary',
      video: { discard: true },
      audio: { numberOfChannels: 1, sampleRate: SAMPLE_RATE, codec: 'opus', bitrate: AUDIO_BITRATE, forceTranscode: true },
      // From the file's time 0, not from the first sound: the cues must line up with the video.
      trim: { start: 0 },
      tags: {},
      showWarnings: false,
    })
    if (!conversion.isValid) throw new ExtractionError('undecodable', conversion.discardedTracks.map((d) => d.reason).join(', '))
    const abort = () => void conversion.cancel()
    signal?.addEventListener('abort', abort, { once: true })
    conversion.onProgress = (fraction) => onProgress?.(Math.min(1, Math.max(0, fraction)))
    try {
      await conversion.execute()
    } catch (error) {
      if (signal?.aborted) throw new DOMException('extraction aborted', 'AbortError')
      throw new ExtractionError('failed', String(error))
    } finally {
      signal?.removeEventListener('abort', abort)
    }
    if (!target.buffer || target.buffer.byteLength === 0) throw new ExtractionError('failed', 'empty output')
    onProgress?.(1)
    return { audio: new Blob([target.buffer], { type: 'audio/ogg' }), durationMs }
  } finally {
    input.dispose()
  }
}
