import 'server-only'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { decodedLengthMs, MediaBusyError, MediaTimeoutError, readAudioHeader, withMediaSlot, type AudioInfo } from '@/lib/media'
import { CODEC_PADDING_MS, MAX_AUDIO_MS } from './universal/limits'

/** How far a header's duration may be from the decoded length: the codec's padding, or 1% of a long file. */
const agrees = (headerMs: number, decodedMs: number) => Math.abs(headerMs - decodedMs) <= Math.max(CODEC_PADDING_MS, decodedMs / 100)

/** A length as the messages say it: whole minutes and the seconds left (`180 min 00 s`). */
const minutesAndSeconds = (ms: number) => {
  const total = Math.round(ms / 1000)
  return { minutes: Math.floor(total / 60), seconds: String(total % 60).padStart(2, '0') }
}

/**
 * Reads what an uploaded recording really is, whatever the browser or its headers say, and how long
 * it really is: decoded whole, once, counting samples. Rules: a file with no readable sound is 40000
 * `audioNotAudio`; one decoding past 3 hours (and the codec's padding) `audioTooLong`; one whose
 * header claims a length its sound does not have (a falsified timecode scale, a cut-off file)
 * `audioLengthMismatch`; a check running past MEDIA_CHECK_TIMEOUT_MS `audioCheckTimedOut`; more
 * checks at once than the user's or the server's slots 42900 `mediaBusy`. The process is killed
 * when `signal` aborts (the client hung up). The answered length is the decoded one.
 */
export async function checkAudioFile(file: string, { userId, signal }: { userId: string; signal?: AbortSignal }): Promise<AudioInfo> {
  const timeoutMs = env().MEDIA_CHECK_TIMEOUT_MS
  try {
    return await withMediaSlot(userId, () => measure(file, { signal, timeoutMs }))
  } catch (error) {
    if (error instanceof MediaBusyError) throw new AppError('rate_limited', 'mediaBusy')
    if (error instanceof MediaTimeoutError) throw new AppError('bad_request', 'audioCheckTimedOut', { seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
    // The client is gone: nothing will read the answer, and it is not the server's failure.
    if (signal?.aborted) throw new AppError('bad_request', 'malformedBody')
    throw error
  }
}

async function measure(file: string, { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number }): Promise<AudioInfo> {
  const deadline = Date.now() + timeoutMs
  const header = await readAudioHeader(file, { signal, timeoutMs })
  if (!header) throw new AppError('bad_request', 'audioNotAudio')
  const limitMs = MAX_AUDIO_MS + CODEC_PADDING_MS
  // Decoding stops just past the limit: a 30-hour file costs no more than a 3-hour one.
  const decoded = await decodedLengthMs(file, { signal, timeoutMs: Math.max(1, deadline - Date.now()), capMs: limitMs + 1000 })
  if (!decoded) throw new AppError('bad_request', 'audioNotAudio')
  if (decoded > limitMs) throw new AppError('bad_request', 'audioTooLong', minutesAndSeconds(MAX_AUDIO_MS))
  if (header.headerDurationMs !== null && !agrees(header.headerDurationMs, decoded)) {
    const [claimed, read] = [minutesAndSeconds(header.headerDurationMs), minutesAndSeconds(decoded)]
    throw new AppError('bad_request', 'audioLengthMismatch', { claimedMinutes: claimed.minutes, claimedSeconds: claimed.seconds, minutes: read.minutes, seconds: read.seconds })
  }
  return { format: header.format, codec: header.codec, durationMs: decoded }
}

/** File name suffix of the stored recording, from its container. */
export function audioExtension(format: string): string {
  if (format.includes('webm') || format.includes('matroska')) return '.webm'
  if (format.includes('ogg')) return '.ogg'
  if (format.includes('mp4') || format.includes('mov')) return '.m4a'
  if (format.includes('mp3')) return '.mp3'
  if (format.includes('wav')) return '.wav'
  if (format.includes('flac')) return '.flac'
  if (format.includes('aac')) return '.aac'
  return '.audio'
}

/** The Content-Type the recording is served with to the editor's player. */
export function audioContentType(key: string): string {
  const ext = key.slice(key.lastIndexOf('.'))
  return (
    { '.webm': 'audio/webm', '.ogg': 'audio/ogg', '.m4a': 'audio/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.flac': 'audio/flac', '.aac': 'audio/aac' } as Record<string, string>
  )[ext] ?? 'application/octet-stream'
}
