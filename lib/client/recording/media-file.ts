// Which picked files are recordings: a video or an audio file whose sound the browser
// turns into a small mono Opus file before anything is uploaded. Pure, so the dialog and tests share it.

/** Extensions the upload dialog takes as a recording, besides subtitle files. */
export const MEDIA_EXTENSIONS = ['.mp4', '.mov', '.mkv', '.webm', '.m4a', '.mp3', '.wav', '.ogg', '.opus', '.flac', '.aac'] as const

/** The picker's `accept` list for recordings (extensions only: MIME types of video files vary by system). */
export const MEDIA_ACCEPT = MEDIA_EXTENSIONS.join(',')

/** Largest recording picked: 2 GB (only its audio is uploaded, a few tens of MB at most). */
export const MAX_MEDIA_BYTES = 2 * 1024 ** 3

export type MediaProblem = 'tooLarge' | 'empty'

/** Whether a file is one the dialog transcribes (by its extension, as for subtitle files). */
export function isMediaFile(file: { name: string }): boolean {
  const name = file.name.trim().toLowerCase()
  return MEDIA_EXTENSIONS.some((ext) => name.endsWith(ext))
}

/** What is wrong with a picked recording before it is even opened, or null. */
export function checkMediaFile(file: { size: number }): MediaProblem | null {
  if (file.size <= 0) return 'empty'
  if (file.size > MAX_MEDIA_BYTES) return 'tooLarge'
  return null
}

/** A recording's length as a player shows it: `0:42`, `12:05`, `1:02:03` (to the nearest second; never 0:00 for sound). */
export function clockTime(ms: number): string {
  const total = ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
