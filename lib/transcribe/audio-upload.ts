import 'server-only'
import { AppError } from '@/lib/errors'
import { probeAudio, type AudioInfo } from '@/lib/media'
import { MAX_AUDIO_MS } from './schemas'

/**
 * Reads what an uploaded recording really is (ffprobe), whatever the browser said: a file with no
 * readable sound is 40000 `audioNotAudio`, one over 3 hours `audioTooLong`.
 */
export async function checkAudioFile(file: string): Promise<AudioInfo> {
  const info = await probeAudio(file)
  if (!info) throw new AppError('bad_request', 'audioNotAudio')
  if (info.durationMs > MAX_AUDIO_MS) throw new AppError('bad_request', 'audioTooLong')
  return info
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
